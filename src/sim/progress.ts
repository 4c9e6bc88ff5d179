// Progress on stderr: a redrawn bar with rate and ETA on a terminal, a plain line every so often
// otherwise (logs, CI, cluster jobs), nothing when quiet.

export interface ProgressOptions {
  /** Where to write; process.stderr by default. */
  stream?: { write(s: string): unknown; isTTY?: boolean; columns?: number };
  quiet?: boolean;
  /** Seconds between plain lines when not on a terminal. */
  every?: number;
  label?: string;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

export function formatDuration(s: number): string {
  if (!Number.isFinite(s) || s < 0) return '?';
  s = Math.round(s);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (x: number) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

const group = (x: number) => Math.round(x).toLocaleString('en-US');

export class Progress {
  private readonly stream: NonNullable<ProgressOptions['stream']>;
  private readonly tty: boolean;
  private readonly quiet: boolean;
  private readonly every: number;
  private readonly label: string;
  private readonly now: () => number;
  private t0 = 0;
  private base = 0;
  private lastDraw = -Infinity;
  private done = 0;

  /** `total` games in this process's range, of which `already` were done before (a resume). */
  constructor(private readonly total: number, opts: ProgressOptions = {}) {
    this.stream = opts.stream ?? process.stderr;
    this.tty = !!this.stream.isTTY;
    this.quiet = !!opts.quiet;
    this.every = (opts.every ?? 10) * 1000;
    this.label = opts.label ?? 'simulate';
    this.now = opts.now ?? (() => performance.now());
  }

  start(already = 0): void {
    this.t0 = this.now();
    this.base = already;
    this.done = already;
    this.lastDraw = this.t0;
    if (!this.quiet && !this.tty && already) this.stream.write(`${this.label}: resuming at ${group(already)}/${group(this.total)} games\n`);
    if (!this.quiet && this.tty) this.draw();
  }

  /** `done`: games completed in all (including those before a resume). */
  update(done: number): void {
    this.done = done;
    if (this.quiet) return;
    const t = this.now();
    if (this.tty ? t - this.lastDraw >= 100 : t - this.lastDraw >= this.every) {
      this.lastDraw = t;
      if (this.tty) this.draw();
      else this.stream.write(this.line() + '\n');
    }
  }

  /** Ends the bar (or writes the last plain line). */
  finish(note = ''): void {
    if (this.quiet) return;
    if (this.tty) {
      this.draw();
      this.stream.write('\n');
    } else this.stream.write(this.line() + (note ? ` ${note}` : '') + '\n');
  }

  private stats(): { pct: number; rate: number; eta: number } {
    const secs = (this.now() - this.t0) / 1000;
    const played = this.done - this.base;
    const rate = secs > 0 ? played / secs : 0;
    const left = this.total - this.done;
    return { pct: this.total ? (100 * this.done) / this.total : 100, rate, eta: left === 0 ? 0 : rate > 0 ? left / rate : NaN };
  }

  /** The plain-line form. */
  line(): string {
    const { pct, rate, eta } = this.stats();
    return `${this.label}: ${group(this.done)}/${group(this.total)} games (${pct.toFixed(1)} %), ${group(rate)} games/s, ETA ${formatDuration(eta)}`;
  }

  private draw(): void {
    const { pct, rate, eta } = this.stats();
    const text = ` ${pct.toFixed(1).padStart(5)} % ${group(this.done)}/${group(this.total)} games  ${group(rate)} games/s  ETA ${formatDuration(eta)}`;
    const cols = this.stream.columns ?? 80;
    const width = Math.max(10, Math.min(40, cols - text.length - this.label.length - 4));
    const fill = Math.round((width * pct) / 100);
    this.stream.write(`\r\x1b[K${this.label} [${'#'.repeat(fill)}${'-'.repeat(width - fill)}]${text}`);
  }
}
