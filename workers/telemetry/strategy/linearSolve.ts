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

/** The normal equations XᵀX·b = Xᵀy of a least-squares fit, X one row per sample. */
export function normalEquations(rows: readonly number[][], y: ArrayLike<number>) {
  const n = rows[0]?.length ?? 0;
  const xtx = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const xty = new Array<number>(n).fill(0);
  rows.forEach((x, i) => {
    for (let r = 0; r < n; r++) {
      xty[r]! += x[r]! * y[i]!;
      for (let c = 0; c < n; c++) xtx[r]![c]! += x[r]! * x[c]!;
    }
  });
  return { xtx, xty };
}
