// Bradley-Terry strengths from pairwise results (Hunter's MM algorithm), for tournament rankings.

/**
 * wins[i][j] = times i finished above j (ties count half to each). Returns strengths normalised to a
 * geometric mean of 1; a player with no wins gets a small floor so the fit stays finite.
 */
export function bradleyTerry(wins: readonly (readonly number[])[], iterations = 500): number[] {
  const k = wins.length;
  let p = new Array<number>(k).fill(1);
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(k).fill(0);
    for (let i = 0; i < k; i++) {
      let w = 0;
      let den = 0;
      for (let j = 0; j < k; j++) {
        if (i === j) continue;
        const n = wins[i]![j]! + wins[j]![i]!;
        if (n === 0) continue;
        w += wins[i]![j]!;
        den += n / (p[i]! + p[j]!);
      }
      next[i] = den > 0 ? Math.max(w, 1e-3) / den : p[i]!;
    }
    const logMean = next.reduce((a, x) => a + Math.log(x), 0) / k;
    const scale = Math.exp(logMean);
    let delta = 0;
    for (let i = 0; i < k; i++) {
      const v = next[i]! / scale;
      delta = Math.max(delta, Math.abs(v - p[i]!));
      next[i] = v;
    }
    p = next;
    if (delta < 1e-12) break;
  }
  return p;
}
