// The car's power against speed, P(v) = a + b·v + c·v³ (v in m/s, P in W):
// a the standing load and the drive's losses at standstill, b·v rolling and
// drivetrain losses, c·v³ the air. Fitted on one-minute windows of energy and
// distance (mean speed, mean power), every coefficient ≥ 0 and `a` within the
// standing load's bound (boundedFit.ts).
//
// Cars differ in shape: one with light tyres draws mostly the air's cube,
// one with heavy drivetrain losses rises almost linearly. So the form is not
// assumed: each candidate (linear and cubic, linear, cubic, a typical car's
// shape scaled) is fitted on four fifths of the day's minutes and scored on
// the fifth it did not see, in turn (blocks of consecutive minutes, so that a
// stint's neighbouring minutes do not vouch for each other). The simplest form
// with fewer terms within one standard error of the best wins (the "one
// standard error" rule: a more flexible form must earn its terms). The typical shape must also beat
// a flat line held out the same way, or it is not a curve of this car.
// When the speeds were too alike to tell forms apart (or too few minutes),
// the typical shape scaled to the measured power is all there is, and says so.
import type { PowerForm } from "../../contract/strategy";
import {
  boundedFit,
  lessMoments,
  momentsOf,
  pick,
  valueAt,
  type Column,
  type Moments,
} from "./boundedFit";

/**
 * A typical solar car (stated, not this car's): rolling resistance of about
 * 20 N (≈ 300 kg × 0.006 × g / 0.9 drive efficiency) and air of about
 * ½·ρ·CdA / η ≈ 0.075 W/(m/s)³ (CdA ≈ 0.11 m²); 50 W of electronics.
 */
export const PRIOR = { a: 50, b: 20, c: 0.075 };
/** Forms are compared from this many windows and this spread of mean speeds (m/s). */
export const MIN_WINDOWS = 10;
const MIN_SPEED_SPREAD_MPS = 3;
const FOLDS = 5;
/**
 * A measured standing load bounds the driving curve's constant term from
 * above by itself plus the motor controllers' no-load losses, which stop
 * with the car: a few tens of watts; 150 W leaves room for a large pair.
 */
const DRIVE_LOSSES_AT_REST_W = 150;

const priorShape: Column = (v) => PRIOR.b * v + PRIOR.c * v ** 3;
/** Every form's columns, whose moments are summed once per fit. */
const BASIS: Column[] = [() => 1, (v) => v, (v) => v ** 3, priorShape];
/** Each form's columns (indices into BASIS, the constant first) and its count of terms. */
const COLUMNS: Record<PowerForm, { cols: number[]; terms: number }> = {
  "typical car's shape": { cols: [0, 3], terms: 2 },
  linear: { cols: [0, 1], terms: 2 },
  cubic: { cols: [0, 2], terms: 2 },
  "linear and cubic": { cols: [0, 1, 2], terms: 3 },
};
const FLAT = [0];
const columnsOf = (cols: number[]) => cols.map((j) => BASIS[j]!);

export interface PowerFit {
  a: number;
  b: number;
  c: number;
  r2: number;
  rmsW: number;
  windows: number;
  /** "fitted": a form chosen by held-out error; "scaled prior": the typical shape, nothing to compare. */
  kind: "fitted" | "scaled prior";
  form: PowerForm;
  /** Why this form, in words. */
  formWhy: string;
  /** Standard error of the fitted curve's value at speed v (m/s), W. */
  sigmaAt(v: number): number;
}

const round = (x: number) => Math.round(x).toLocaleString("en-US");

function spread(speeds: ArrayLike<number>): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < speeds.length; i++) {
    lo = Math.min(lo, speeds[i]!);
    hi = Math.max(hi, speeds[i]!);
  }
  return hi - lo;
}

/** b and c of a form's coefficients. */
function toCurve(form: PowerForm, coef: number[]) {
  if (form === "typical car's shape")
    return { a: coef[0]!, b: coef[1]! * PRIOR.b, c: coef[1]! * PRIOR.c };
  if (form === "linear") return { a: coef[0]!, b: coef[1]!, c: 0 };
  if (form === "cubic") return { a: coef[0]!, b: 0, c: coef[1]! };
  return { a: coef[0]!, b: coef[1]!, c: coef[2]! };
}

/** The windows, in time order, with their moments: all of them and each fold's. */
interface Windows {
  speeds: ArrayLike<number>;
  powers: ArrayLike<number>;
  all: Moments;
  folds: { lo: number; hi: number; moments: Moments }[];
}

function windowsOf(speeds: ArrayLike<number>, powers: ArrayLike<number>): Windows {
  const n = speeds.length;
  const folds = Array.from({ length: FOLDS }, (_, f) => {
    const lo = Math.floor((f * n) / FOLDS);
    const hi = Math.floor(((f + 1) * n) / FOLDS);
    return { lo, hi, moments: momentsOf(speeds, powers, BASIS, lo, hi) };
  });
  return { speeds, powers, all: momentsOf(speeds, powers, BASIS), folds };
}

/** Each window's squared error when its block was held out of the fit. */
function heldOutErrors(w: Windows, cols: number[], aHi: number): number[] | null {
  const errors = new Array<number>(w.speeds.length);
  const columns = columnsOf(cols);
  for (const fold of w.folds) {
    const fit = boundedFit(pick(lessMoments(w.all, fold.moments), cols), aHi);
    if (!fit) return null;
    for (let i = fold.lo; i < fold.hi; i++)
      errors[i] = (w.powers[i]! - valueAt(fit, columns, w.speeds[i]!)) ** 2;
  }
  return errors;
}

const rms = (sq: number[]) => Math.sqrt(sq.reduce((s, x) => s + x, 0) / sq.length);

/** Is `a` worse than `b` by more than one standard error of their paired difference? */
function clearlyWorse(a: number[], b: number[]): boolean {
  const d = a.map((x, i) => x - b[i]!);
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, d.length - 1));
  return mean > sd / Math.sqrt(d.length);
}

/** The form chosen by held-out error, and why; null when forms cannot be compared. */
function chooseForm(w: Windows, aHi: number): { form: PowerForm; why: string } | null {
  const flat = heldOutErrors(w, FLAT, Infinity);
  if (!flat) return null;
  const scored = (Object.keys(COLUMNS) as PowerForm[]).flatMap((form) => {
    const errors = heldOutErrors(w, COLUMNS[form].cols, aHi);
    return errors ? [{ form, errors, rms: rms(errors) }] : [];
  });
  const flatRms = rms(flat);
  // The typical shape only when it fits better than no curve at all.
  const candidates = scored.filter((s) => s.form !== "typical car's shape" || s.rms < flatRms);
  if (candidates.length === 0) return null;
  const best = candidates.reduce((x, y) => (y.rms < x.rms ? y : x));
  const chosen =
    candidates
      .filter((s) => COLUMNS[s.form].terms < COLUMNS[best.form].terms)
      .filter((s) => !clearlyWorse(s.errors, best.errors))
      .sort((x, y) => COLUMNS[x.form].terms - COLUMNS[y.form].terms || x.rms - y.rms)[0] ?? best;
  const others = scored
    .filter((s) => s !== chosen)
    .map((s) => `${s.form} ${round(s.rms)} W`)
    .join(", ");
  const simpler = chosen !== best ? ` (the simplest within one standard error of the best)` : "";
  return {
    form: chosen.form,
    why: `chosen by its error on minutes held out of the fit, ${round(chosen.rms)} W${simpler}; ${others}; a flat line ${round(flatRms)} W`,
  };
}

function finish(
  w: Windows,
  form: PowerForm,
  aHi: number,
  kind: PowerFit["kind"],
  formWhy: string,
): PowerFit | null {
  const { speeds, powers } = w;
  const n = speeds.length;
  const cols = columnsOf(COLUMNS[form].cols);
  // The typical shape's constant is given (the standing load, aHi here), not
  // fitted: at speeds this alike it cannot be told from the shape's scale.
  const fixedA = kind === "scaled prior" ? aHi : undefined;
  const fit = boundedFit(pick(w.all, COLUMNS[form].cols), aHi, fixedA);
  if (!fit) return null;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += powers[i]! / n;
  let sst = 0;
  let meanSpeed = 0;
  for (let i = 0; i < n; i++) {
    sst += (powers[i]! - mean) ** 2;
    meanSpeed += speeds[i]! / n;
  }
  const s2 = fit.sse / Math.max(1, n - fit.free.length);
  const curve = toCurve(form, fit.coef);
  return {
    ...curve,
    r2: sst > 0 ? 1 - fit.sse / sst : 0,
    rmsW: Math.sqrt(fit.sse / n),
    windows: n,
    kind,
    form,
    formWhy,
    sigmaAt(v) {
      const x = fit.free.map((j) => cols[j]!(v));
      let q = 0;
      x.forEach((xi, r) => x.forEach((xj, c) => (q += xi * fit.cov[r]![c]! * xj)));
      const fromFit = Math.sqrt(Math.max(0, s2 * q));
      if (kind === "fitted") return fromFit;
      // An assumed shape may be wrong by a quarter of the change it predicts
      // away from the speeds driven.
      const k = fit.coef[1]!;
      return Math.hypot(fromFit, 0.25 * k * Math.abs(priorShape(v) - priorShape(meanSpeed)));
    },
  };
}

/**
 * Fits P(v) to windows of mean speed (m/s) and mean power (W), in time order.
 * `standstillW`: the standing car's measured power, if known; `maxStandingW`:
 * the physical bound on the standing load until then (forecast.ts). null
 * when there is nothing to fit.
 */
export function fitPower(
  speeds: ArrayLike<number>,
  powers: ArrayLike<number>,
  standstillW: number | null,
  maxStandingW = Infinity,
): PowerFit | null {
  const n = speeds.length;
  if (n === 0) return null;
  const aHi =
    standstillW !== null
      ? Math.min(maxStandingW, standstillW + DRIVE_LOSSES_AT_REST_W)
      : maxStandingW;
  const w = windowsOf(speeds, powers);
  if (n >= MIN_WINDOWS && spread(speeds) >= MIN_SPEED_SPREAD_MPS) {
    const chosen = chooseForm(w, aHi);
    if (chosen) {
      const fit = finish(w, chosen.form, aHi, "fitted", chosen.why);
      if (fit) return fit;
    }
  }
  // Speeds too alike: the level is the car's own, the shape assumed, and the
  // constant is the standing load (measured, or the typical one in its bound).
  const a = Math.min(standstillW ?? PRIOR.a, aHi);
  const why =
    n < MIN_WINDOWS
      ? `${n} minutes of driving, too few to compare forms (${MIN_WINDOWS} needed)`
      : "the speeds varied too little to tell forms apart";
  return finish(w, "typical car's shape", a, "scaled prior", why);
}

/** A car that has not driven: its standing load at every speed, no curve (nothing known of it). */
export function standingOnly(standingW: number): PowerFit {
  return {
    a: standingW,
    b: 0,
    c: 0,
    r2: 0,
    rmsW: 0,
    windows: 0,
    kind: "scaled prior",
    form: "typical car's shape",
    formWhy: "the car has not driven today",
    sigmaAt: () => 0,
  };
}

export const powerAt = (fit: Pick<PowerFit, "a" | "b" | "c">, v: number): number =>
  fit.a + fit.b * v + fit.c * v * v * v;
