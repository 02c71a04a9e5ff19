// Small linear systems for the strategy's least-squares fits (the power curve,
// the pack's voltage): a few unknowns, solved directly.

/** Solves the small symmetric system m·x = y (Gaussian elimination with pivoting); null if singular. */
export function solve(m: number[][], y: number[]): number[] | null {
  const n = y.length;
  const a = m.map((row, i) => [...row, y[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]! / a[col]![col]!;
      for (let k = col; k <= n; k++) a[r]![k]! -= f * a[col]![k]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}
