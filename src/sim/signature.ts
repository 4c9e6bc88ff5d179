// A signature of a run: a hash of every outcome record, in game order (the bench's behaviour check).

export class Signature {
  private h1 = 0x811c9dc5;
  private h2 = 0x01000193;

  /** Adds an outcome record (any game's: a plain JSON object). */
  add(o: unknown): void {
    this.addJSON(JSON.stringify(o));
  }

  /** Adds a record already serialised with JSON.stringify (as the pool's workers return them). */
  addJSON(s: string): void {
    let a = this.h1;
    let b = this.h2;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 16777619);
      b = Math.imul(b ^ c, 2246822519) ^ (b >>> 13);
    }
    this.h1 = a >>> 0;
    this.h2 = b >>> 0;
  }

  hex(): string {
    return this.h1.toString(16).padStart(8, '0') + this.h2.toString(16).padStart(8, '0');
  }
}
