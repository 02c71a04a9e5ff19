// The car's power against speed, P(v) = a + b·v + c·v³ (v in m/s, P in W):
// a the auxiliary load and the drive's losses at standstill, b·v rolling
// resistance, c·v³ the air. Fitted by least squares on one-minute windows of
// energy and distance (mean speed, mean power), with every coefficient kept
// ≥ 0 (a negative one is not a car, and would send the speed solver astray).
// When the speeds barely vary, three coefficients cannot be told apart: the
// fit then keeps the shape of a typical solar car (PRIOR) and fits only its
// scale to the measured power, so the level is the car's own and only the
// slope away from today's speeds is assumed.

import { normalEquations, solve } from "./linearSolve";

/**
 * A typical solar car (stated, not this car's): rolling resistance of about
 * 20 N (≈ 300 kg × 0.006 × g / 0.9 drive efficiency) and air of about
 * ½·ρ·CdA / η ≈ 0.075 W/(m/s)³ (CdA ≈ 0.11 m²); 50 W of electronics.
 */
export const PRIOR = { a: 50, b: 20, c: 0.075 };
/** The full fit needs this many windows and this spread of mean speeds (m/s). */
export const MIN_WINDOWS = 8;
const MIN_SPEED_SPREAD_MPS = 3;

export interface PowerFit {
  a: number;
  b: number;
  c: number;
  r2: number;
  rmsW: number;
  windows: number;
  /** "fitted": all three from the data; "scaled prior": the prior's shape scaled to the data. */
  kind: "fitted" | "scaled prior";
  /** Standard error of the fitted curve's value at speed v (m/s), W. */
  sigmaAt(v: number): number;
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

const BASIS = [(_v: number) => 1, (v: number) => v, (v: number) => v * v * v];

/** Least squares over the basis functions `use` (indices into BASIS); coefficients per BASIS. */
function leastSquares(speeds: ArrayLike<number>, powers: ArrayLike<number>, use: number[]) {
  const n = speeds.length;
  // Columns scaled to unit RMS: 1, v and v³ differ by 10⁴ at race speeds.
  const scale = use.map((j) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += BASIS[j]!(speeds[i]!) ** 2;
    return Math.sqrt(s / n) || 1;
  });
  const rows = Array.from({ length: n }, (_, i) =>
    use.map((j, k) => BASIS[j]!(speeds[i]!) / scale[k]!),
  );
  const { xtx, xty } = normalEquations(rows, powers);
  const scaled = solve(xtx, xty);
  const inv = inverse(xtx);
  if (!scaled || !inv) return null;
  const coef = [0, 0, 0];
  use.forEach((j, k) => (coef[j] = scaled[k]! / scale[k]!));
  // (XᵀX)⁻¹ in the unscaled coefficients, for the curve's standard error.
  const cov = [0, 1, 2].map(() => [0, 0, 0]);
  use.forEach((j, r) =>
    use.forEach((k, c) => (cov[j]![k] = inv[r]![c]! / (scale[r]! * scale[c]!))),
  );
  return { coef, cov };
}

function residualStats(
  speeds: ArrayLike<number>,
  powers: ArrayLike<number>,
  p: (v: number) => number,
) {
  const n = speeds.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += powers[i]! / n;
  let sse = 0;
  let sst = 0;
  for (let i = 0; i < n; i++) {
    sse += (powers[i]! - p(speeds[i]!)) ** 2;
    sst += (powers[i]! - mean) ** 2;
  }
  return { sse, r2: sst > 0 ? 1 - sse / sst : 0, rms: Math.sqrt(sse / Math.max(1, n)) };
}

/** The constrained full fit: the best of the subsets of coefficients whose solution is ≥ 0. */
function fullFit(speeds: ArrayLike<number>, powers: ArrayLike<number>): PowerFit | null {
  const n = speeds.length;
  let best: PowerFit | null = null;
  let bestSse = Infinity;
  for (const use of [[0, 1, 2], [0, 2], [1, 2], [0, 1], [2], [0]]) {
    const fit = leastSquares(speeds, powers, use);
    if (!fit || fit.coef.some((x) => x < 0)) continue;
    const [a, b, c] = fit.coef as [number, number, number];
    const stats = residualStats(speeds, powers, (v) => a + b * v + c * v ** 3);
    if (stats.sse >= bestSse) continue;
    bestSse = stats.sse;
    const s2 = stats.sse / Math.max(1, n - use.length);
    const cov = fit.cov;
    best = {
      a,
      b,
      c,
      r2: stats.r2,
      rmsW: stats.rms,
      windows: n,
      kind: "fitted",
      sigmaAt(v) {
        const x = [1, v, v ** 3];
        let q = 0;
        for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) q += x[i]! * cov[i]![j]! * x[j]!;
        return Math.sqrt(Math.max(0, s2 * q));
      },
    };
  }
  return best;
}

/** The prior's shape b·v + c·v³ scaled by one factor, above a known standstill load. */
function scaledPrior(
  speeds: ArrayLike<number>,
  powers: ArrayLike<number>,
  standstillW: number,
): PowerFit | null {
  const n = speeds.length;
  if (n === 0) return null;
  const shape = (v: number) => PRIOR.b * v + PRIOR.c * v ** 3;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const x = shape(speeds[i]!);
    sxy += x * (powers[i]! - standstillW);
    sxx += x * x;
  }
  if (!(sxx > 0)) return null;
  const k = Math.max(0.05, sxy / sxx);
  const a = standstillW;
  const b = k * PRIOR.b;
  const c = k * PRIOR.c;
  const stats = residualStats(speeds, powers, (v) => a + b * v + c * v ** 3);
  const s2 = stats.sse / Math.max(1, n - 1);
  return {
    a,
    b,
    c,
    r2: stats.r2,
    rmsW: stats.rms,
    windows: n,
    kind: "scaled prior",
    // The scale's own error, plus the shape's: away from the measured speeds
    // the assumed slope may be wrong by a quarter of the change it predicts.
    sigmaAt(v) {
      let mean = 0;
      for (let i = 0; i < n; i++) mean += speeds[i]! / n;
      const fromScale = Math.sqrt(s2 / sxx) * shape(v);
      const fromShape = 0.25 * Math.abs(k * (shape(v) - shape(mean)));
      return Math.hypot(fromScale, fromShape);
    },
  };
}

function spread(speeds: ArrayLike<number>): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < speeds.length; i++) {
    lo = Math.min(lo, speeds[i]!);
    hi = Math.max(hi, speeds[i]!);
  }
  return hi - lo;
}

/**
 * Fits P(v) to windows of mean speed (m/s) and mean power (W). `standstillW`:
 * the measured power of the standing car, if known (else the prior's).
 * null when there is nothing to fit.
 */
export function fitPower(
  speeds: ArrayLike<number>,
  powers: ArrayLike<number>,
  standstillW: number | null,
): PowerFit | null {
  if (speeds.length === 0) return null;
  const standstill = standstillW ?? PRIOR.a;
  if (speeds.length >= MIN_WINDOWS && spread(speeds) >= MIN_SPEED_SPREAD_MPS) {
    const full = fullFit(speeds, powers);
    // A fit that puts the standstill load far from the measured one is
    // extrapolating wildly: keep the prior's shape instead.
    if (full && (standstillW === null || Math.abs(full.a - standstillW) < 150)) return full;
  }
  return scaledPrior(speeds, powers, standstill);
}

export const powerAt = (fit: Pick<PowerFit, "a" | "b" | "c">, v: number): number =>
  fit.a + fit.b * v + fit.c * v * v * v;
