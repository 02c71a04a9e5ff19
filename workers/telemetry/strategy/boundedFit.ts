// Least squares of a few columns with bounds: every coefficient ≥ 0 (a
// negative one is not a car), and the first, the constant, at most `aHi`
// (the standing load's bound). With three unknowns at most, the exact answer
// is found by trying each face of the bounds (each coefficient free, at 0, or
// the constant at its bound) and keeping the best one that is feasible.
import { solve } from "./linearSolve";

export type Column = (v: number) => number;

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
function faces(columns: number, aHi: number): (number | "free")[][] {
  let out: (number | "free")[][] = [[]];
  for (let j = 0; j < columns; j++) {
    const states: (number | "free")[] = ["free", 0];
    if (j === 0 && Number.isFinite(aHi) && aHi > 0) states.push(aHi);
    out = out.flatMap((f) => states.map((s) => [...f, s]));
  }
  return out;
}

/** One face's least squares over `rows` (indices into v and y); null if singular. */
function fitFace(
  v: ArrayLike<number>,
  y: ArrayLike<number>,
  rows: readonly number[],
  cols: readonly Column[],
  face: readonly (number | "free")[],
): BoundedFit | null {
  const free = face.flatMap((s, j) => (s === "free" ? [j] : []));
  const fixed = (x: number) =>
    face.reduce<number>((s, f, j) => s + (f === "free" ? 0 : f * cols[j]!(x)), 0);
  const k = free.length;
  // Columns scaled to unit RMS: 1, v and v³ differ by 10⁴ at race speeds.
  const scale = free.map((j) => {
    let s = 0;
    for (const i of rows) s += cols[j]!(v[i]!) ** 2;
    return Math.sqrt(s / rows.length) || 1;
  });
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  for (const i of rows) {
    const x = free.map((j, r) => cols[j]!(v[i]!) / scale[r]!);
    const target = y[i]! - fixed(v[i]!);
    for (let r = 0; r < k; r++) {
      xty[r]! += x[r]! * target;
      for (let c = 0; c < k; c++) xtx[r]![c]! += x[r]! * x[c]!;
    }
  }
  const scaled = k > 0 ? solve(xtx, xty) : [];
  const inv = k > 0 ? inverse(xtx) : [];
  if (!scaled || !inv) return null;
  const coef = face.map((s) => (s === "free" ? 0 : s));
  free.forEach((j, r) => (coef[j] = scaled[r]! / scale[r]!));
  const cov = inv.map((row, r) => row.map((x, c) => x / (scale[r]! * scale[c]!)));
  let sse = 0;
  for (const i of rows) {
    let p = 0;
    for (let j = 0; j < cols.length; j++) p += coef[j]! * cols[j]!(v[i]!);
    sse += (y[i]! - p) ** 2;
  }
  return { coef, sse, free, cov };
}

/** The best feasible fit of `cols` to the rows: coefficients ≥ 0, the first ≤ aHi. */
export function boundedFit(
  v: ArrayLike<number>,
  y: ArrayLike<number>,
  rows: readonly number[],
  cols: readonly Column[],
  aHi: number,
): BoundedFit | null {
  let best: BoundedFit | null = null;
  for (const face of faces(cols.length, aHi)) {
    const fit = fitFace(v, y, rows, cols, face);
    if (!fit) continue;
    const feasible = fit.coef.every((x, j) => x >= 0 && (j > 0 || x <= aHi + 1e-9));
    if (feasible && (!best || fit.sse < best.sse)) best = fit;
  }
  return best;
}

/** The fitted value at v. */
export const valueAt = (fit: Pick<BoundedFit, "coef">, cols: readonly Column[], x: number) =>
  cols.reduce((s, col, j) => s + fit.coef[j]! * col(x), 0);
