// Least squares of a few columns with bounds: every coefficient ≥ 0 (a
// negative one is not a car), and the first, the constant, at most `aHi`
// (the standing load's bound), or fixed. With three unknowns at most, the
// exact answer is found by trying each face of the bounds (each coefficient
// free, at 0, or the constant at its bound) and keeping the best feasible one.
// Fits work on the data's moments (Σ xᵢxⱼ, Σ xᵢy, Σ y²), so that the
// held-out folds of powerFit.ts cost sums, not passes over the minutes.
import { solve } from "./linearSolve";

export type Column = (v: number) => number;

/** Moments of the rows over a set of columns: Σ xᵢxⱼ, Σ xᵢy, Σ y², and the count. */
export interface Moments {
  n: number;
  xx: number[][];
  xy: number[];
  yy: number;
}

export function momentsOf(
  v: ArrayLike<number>,
  y: ArrayLike<number>,
  cols: readonly Column[],
  from = 0,
  to = v.length,
): Moments {
  const k = cols.length;
  const xx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xy = new Array<number>(k).fill(0);
  let yy = 0;
  const x = new Array<number>(k);
  for (let i = from; i < to; i++) {
    for (let j = 0; j < k; j++) x[j] = cols[j]!(v[i]!);
    for (let r = 0; r < k; r++) {
      xy[r]! += x[r]! * y[i]!;
      for (let c = 0; c < k; c++) xx[r]![c]! += x[r]! * x[c]!;
    }
    yy += y[i]! * y[i]!;
  }
  return { n: to - from, xx, xy, yy };
}

/** a − b (the rows of a not in b, when b's are a subset of a's). */
export function lessMoments(a: Moments, b: Moments): Moments {
  return {
    n: a.n - b.n,
    xx: a.xx.map((row, r) => row.map((x, c) => x - b.xx[r]![c]!)),
    xy: a.xy.map((x, r) => x - b.xy[r]!),
    yy: a.yy - b.yy,
  };
}

/** `cols` of the moments only (indices into their columns). */
export function pick(m: Moments, cols: readonly number[]): Moments {
  return {
    n: m.n,
    xx: cols.map((r) => cols.map((c) => m.xx[r]![c]!)),
    xy: cols.map((r) => m.xy[r]!),
    yy: m.yy,
  };
}

export interface BoundedFit {
  /** One coefficient per column. */
  coef: number[];
  sse: number;
  /** The free columns and their coefficients' covariance per unit of residual variance. */
  free: number[];
  cov: number[][];
}

function inverse(m: number[][]): number[][] | null {
  const n = m.length;
  const cols: number[][] = [];
  for (let j = 0; j < n; j++) {
    const col = solve(
      m,
      Array.from({ length: n }, (_, i) => (i === j ? 1 : 0)),
    );
    if (!col) return null;
    cols.push(col);
  }
  return Array.from({ length: n }, (_, i) => cols.map((col) => col[i]!));
}

/** Each face: for every column "free" or a fixed value (0, or aHi for the constant). */
function faces(columns: number, aHi: number, fixedA: number | undefined): (number | "free")[][] {
  let out: (number | "free")[][] = [[]];
  for (let j = 0; j < columns; j++) {
    const states: (number | "free")[] = j === 0 && fixedA !== undefined ? [fixedA] : ["free", 0];
    if (j === 0 && fixedA === undefined && Number.isFinite(aHi) && aHi > 0) states.push(aHi);
    out = out.flatMap((f) => states.map((s) => [...f, s]));
  }
  return out;
}

/** Σ (y − X·coef)² from the moments. */
function sseOf(m: Moments, coef: readonly number[]): number {
  let s = m.yy;
  coef.forEach((ci, r) => {
    s -= 2 * ci * m.xy[r]!;
    coef.forEach((cj, c) => (s += ci * cj * m.xx[r]![c]!));
  });
  return Math.max(0, s);
}

/** One face's least squares; null if singular. */
function fitFace(m: Moments, face: readonly (number | "free")[]): BoundedFit | null {
  const free = face.flatMap((s, j) => (s === "free" ? [j] : []));
  const coef = face.map((s) => (s === "free" ? 0 : s));
  // Columns scaled to unit RMS: 1, v and v³ differ by 10⁴ at race speeds.
  const scale = free.map((j) => Math.sqrt(m.xx[j]![j]! / Math.max(1, m.n)) || 1);
  const xtx = free.map((r, i) => free.map((c, k) => m.xx[r]![c]! / (scale[i]! * scale[k]!)));
  // The fixed columns' part moves to the target: Xf'(y − Xfix·cfix).
  const xty = free.map(
    (r, i) => (m.xy[r]! - coef.reduce((s, cj, c) => s + cj * m.xx[r]![c]!, 0)) / scale[i]!,
  );
  const scaled = free.length > 0 ? solve(xtx, xty) : [];
  if (!scaled) return null;
  free.forEach((j, i) => (coef[j] = scaled[i]! / scale[i]!));
  return { coef, sse: sseOf(m, coef), free, cov: [] };
}

/** The free coefficients' covariance per unit of residual variance, (X'X)⁻¹. */
function covarianceOf(m: Moments, free: readonly number[]): number[][] | null {
  if (free.length === 0) return [];
  // Scaled to unit RMS for the inversion, as in fitFace.
  const scale = free.map((j) => Math.sqrt(m.xx[j]![j]! / Math.max(1, m.n)) || 1);
  const inv = inverse(
    free.map((r, i) => free.map((c, k) => m.xx[r]![c]! / (scale[i]! * scale[k]!))),
  );
  return inv && inv.map((row, r) => row.map((x, c) => x / (scale[r]! * scale[c]!)));
}

/**
 * The best feasible fit to the moments: coefficients ≥ 0, the first (the
 * constant) ≤ aHi, or exactly `fixedA` when given.
 */
export function boundedFit(m: Moments, aHi: number, fixedA?: number): BoundedFit | null {
  let best: BoundedFit | null = null;
  for (const face of faces(m.xy.length, aHi, fixedA)) {
    const fit = fitFace(m, face);
    if (!fit) continue;
    const feasible = fit.coef.every(
      (x, j) => (j === 0 && fixedA !== undefined) || (x >= 0 && (j > 0 || x <= aHi + 1e-9)),
    );
    if (feasible && (!best || fit.sse < best.sse)) best = fit;
  }
  const cov = best && covarianceOf(m, best.free);
  return best && cov ? { ...best, cov } : null;
}

/** The fitted value at v. */
export const valueAt = (fit: Pick<BoundedFit, "coef">, cols: readonly Column[], x: number) =>
  cols.reduce((s, col, j) => s + fit.coef[j]! * col(x), 0);
