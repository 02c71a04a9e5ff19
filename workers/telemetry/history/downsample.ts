// Min/max downsampling of aligned columns for plotting. The window is split
// into time buckets; each bucket with more than 4 samples becomes 4 points
// (first, min, max, last, min/max in the order they happened) so spikes
// survive at any zoom. Consecutive samples further apart than the gap
// threshold get a NaN point between them so the plot shows a break.
//
// The plan (bucket/segment boundaries and output x) is computed once from the
// x column, then applied to each y column: all output columns stay aligned,
// as uPlot needs. The two middle x positions of a summarised bucket are taken
// at 1/3 and 2/3 of its samples (one x column serves every field, so they
// cannot sit exactly at each field's own min and max; a bucket is a few
// pixels wide, so the difference is not visible).
/** A bucket of samples becomes at most this many points: first, min, max, last. */
export const SERIES_POINTS_PER_BUCKET = 4;

const KIND_GAP = 0;
const KIND_RAW = 1;
const KIND_SUMMARY = 2;

/** A break is never shorter than this (seconds) … */
const MIN_GAP_SECONDS = 2;
/** … and is at least this many median packet intervals. */
const GAP_MEDIAN_FACTOR = 3;
const MEDIAN_SAMPLES = 64;
/** How far (in buckets) before a bucket's edge the walk starts computing buckets exactly. */
const EDGE_MARGIN = 1e-6;
const medianScratch = new Float64Array(MEDIAN_SAMPLES);

export interface DownsamplePlan {
  /** Output x, gap points included. */
  x: Float64Array;
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  /** The buckets' width (seconds): the fixed grid asked for, or the span's share; 0 when raw samples. */
  bucketSeconds: number;
}

/** Gap threshold for x[lo..hi): max(3 × median interval, 2 s); the median is estimated from ≤ 64 evenly spread intervals. */
export function gapThreshold(x: ArrayLike<number>, lo: number, hi: number): number {
  const intervals = hi - lo - 1;
  if (intervals < 1) return MIN_GAP_SECONDS;
  const k = Math.min(MEDIAN_SAMPLES, intervals);
  for (let j = 0; j < k; j++) {
    const i = lo + 1 + Math.floor((j * intervals) / k);
    medianScratch[j] = (x[i] as number) - (x[i - 1] as number);
  }
  const sorted = medianScratch.subarray(0, k).sort();
  const median = sorted[k >> 1] as number;
  return Math.max(GAP_MEDIAN_FACTOR * median, MIN_GAP_SECONDS);
}

function emitSegment(
  plan: DownsamplePlan | null,
  segment: number,
  outAt: number,
  x: ArrayLike<number>,
  start: number,
  end: number,
  raw: boolean,
): number {
  const n = end - start;
  const summary = !raw && n > 4;
  if (plan) {
    plan.kinds[segment] = summary ? KIND_SUMMARY : KIND_RAW;
    plan.starts[segment] = start;
    plan.ends[segment] = end;
    if (summary) {
      plan.x[outAt] = x[start] as number;
      plan.x[outAt + 1] = x[start + Math.floor(n / 3)] as number;
      plan.x[outAt + 2] = x[start + Math.floor((2 * n) / 3)] as number;
      plan.x[outAt + 3] = x[end - 1] as number;
    } else {
      for (let i = 0; i < n; i++) plan.x[outAt + i] = x[start + i] as number;
    }
  }
  return summary ? 4 : n;
}

/**
 * Most samples a window split evenly keeps raw: 4 per point asked. Zoomed
 * into a minute the plot shows every sample (600 at 10 Hz on a 300 px plot,
 * which asks 150 points), not first/min/max/last of 16; a few hundred raw
 * points cost no more to draw than the summary's lines.
 */
export function rawLimit(points: number): number {
  return Math.max(1, points) * SERIES_POINTS_PER_BUCKET;
}

/** Walks x once; with plan null it only counts (segments, output points). */
function walk(
  x: ArrayLike<number>,
  lo: number,
  hi: number,
  points: number,
  threshold: number,
  plan: DownsamplePlan | null,
  bucketSeconds: number,
): [segments: number, points: number, bucketSeconds: number] {
  // A fixed width lays buckets on a grid of absolute time (bucket k covers
  // [k·w, (k+1)·w)), so a complete bucket's summary never changes as the
  // window moves on, and a window's tail summarises as the whole window
  // would; otherwise the window's span is split evenly, or a window of at
  // most rawLimit(points) samples keeps them all.
  const fixed = bucketSeconds > 0;
  const raw = !fixed && hi - lo <= rawLimit(points);
  const x0 = x[lo] as number;
  const buckets = raw
    ? 1
    : fixed
      ? Infinity
      : Math.max(1, Math.floor(points / SERIES_POINTS_PER_BUCKET));
  const span = (x[hi - 1] as number) - x0;
  const width = fixed ? bucketSeconds : span > 0 ? span / buckets : Infinity;
  // On a fixed grid a sample's bucket is floor(x / w) exactly as for any other window.
  const first = fixed ? Math.floor(x0 / width) : 0;
  let segments = 0;
  let out = 0;
  let start = lo;
  let bucket = 0;
  // Below `edge` a sample is in the current bucket for sure (a hair early, so
  // the exact bucket below decides at the boundary): most samples then cost
  // two comparisons, not a division (this walk is most of a day's fetch).
  const edgeOf = (b: number): number =>
    raw || b >= buckets - 1
      ? Infinity
      : fixed
        ? (first + b + 1 - EDGE_MARGIN) * width
        : x0 + (b + 1 - EDGE_MARGIN) * width;
  let edge = edgeOf(0);
  for (let i = lo + 1; i < hi; i++) {
    const xi = x[i] as number;
    const prev = x[i - 1] as number;
    const gap = xi - prev > threshold;
    let b = bucket;
    if (xi >= edge) {
      b = fixed ? Math.floor(xi / width) - first : Math.floor((xi - x0) / width);
      if (b >= buckets) b = buckets - 1;
      if (!(b >= bucket)) b = bucket; // x going backwards (or NaN) stays in the bucket
    }
    if (gap || b !== bucket) {
      out += emitSegment(plan, segments++, out, x, start, i, raw);
      if (gap) {
        if (plan) {
          plan.kinds[segments] = KIND_GAP;
          plan.x[out] = (prev + xi) / 2;
        }
        segments++;
        out++;
      }
      start = i;
      if (b !== bucket) edge = edgeOf(b);
      bucket = b;
    }
  }
  out += emitSegment(plan, segments++, out, x, start, hi, raw);
  return [segments, out, raw || !Number.isFinite(width) ? 0 : width];
}

/** Plans ≈`points` output points for x[lo..hi); raw samples when there are ≤ rawLimit(points). */
export function planDownsample(
  x: ArrayLike<number>,
  lo: number,
  hi: number,
  points: number,
  /** Bucket width on an absolute-time grid (seconds); 0: the span split into points / 4 buckets evenly. */
  bucketSeconds = 0,
): DownsamplePlan {
  if (hi <= lo) {
    return {
      x: new Float64Array(0),
      kinds: new Uint8Array(0),
      starts: new Int32Array(0),
      ends: new Int32Array(0),
      bucketSeconds: 0,
    };
  }
  const threshold = gapThreshold(x, lo, hi);
  const target = Math.max(1, Math.floor(points));
  const [segments, outPoints] = walk(x, lo, hi, target, threshold, null, bucketSeconds);
  const plan: DownsamplePlan = {
    x: new Float64Array(outPoints),
    kinds: new Uint8Array(segments),
    starts: new Int32Array(segments),
    ends: new Int32Array(segments),
    bucketSeconds: 0,
  };
  plan.bucketSeconds = walk(x, lo, hi, target, threshold, plan, bucketSeconds)[2];
  return plan;
}

/**
 * What a summarised bucket's two middle points keep. "range": its min and
 * max, in the order they happened (a quantity: spikes survive). A state
 * timeline's columns keep every state instead, where min and max would drop
 * one between them: "bits" (a bit field) each bit set at any time in the
 * bucket, or clear at any time, as set or clear between first and last;
 * "codes" (a code or a flag) the codes other than the first and last, two at
 * most, in the order they came (a bucket is 8 px wide: a third code within it
 * is the one a state can lose).
 */
export type BucketSummary = "range" | "bits" | "codes";

/** Fills `out` (length = plan.x.length) from y along the plan; returns whether it holds gaps. */
export function fillColumn(
  plan: DownsamplePlan,
  y: ArrayLike<number>,
  out: Float64Array,
  summary: BucketSummary = "range",
): boolean {
  let at = 0;
  let gaps = false;
  const middle = summary === "bits" ? bitsMiddle : summary === "codes" ? codesMiddle : rangeMiddle;
  for (let s = 0; s < plan.kinds.length; s++) {
    const kind = plan.kinds[s];
    if (kind === KIND_GAP) {
      out[at++] = NaN;
      gaps = true;
      continue;
    }
    const start = plan.starts[s] as number;
    const end = plan.ends[s] as number;
    if (kind === KIND_RAW) {
      for (let i = start; i < end; i++) out[at++] = y[i] as number;
      continue;
    }
    out[at] = y[start] as number;
    middle(y, start, end, out, at + 1);
    out[at + 3] = y[end - 1] as number;
    at += 4;
  }
  return gaps;
}

type MiddleFill = (
  y: ArrayLike<number>,
  start: number,
  end: number,
  out: Float64Array,
  at: number,
) => void;

/**
 * Min and max in the order they happened. (The extremes are kept in locals,
 * not read back from y: this loop is most of what a day's fetch costs.)
 */
const rangeMiddle: MiddleFill = (y, start, end, out, at) => {
  let min = y[start] as number;
  let max = min;
  let iMin = start;
  let iMax = start;
  for (let i = start + 1; i < end; i++) {
    const v = y[i] as number;
    if (v < min) {
      min = v;
      iMin = i;
    } else if (v > max) {
      max = v;
      iMax = i;
    }
  }
  out[at] = iMin < iMax ? min : max;
  out[at + 1] = iMin < iMax ? max : min;
};

/**
 * Twice the bit pattern that shows every bit's states: a bit the bucket
 * begins with set reads clear if it was ever clear (AND of the samples), one
 * it begins clear reads set if it was ever set (OR). A bit that changes once
 * reads as the bucket ends. Samples that are not 32-bit patterns are skipped.
 */
const bitsMiddle: MiddleFill = (y, start, end, out, at) => {
  let first = NaN;
  let any = 0;
  let all = 0xffffffff;
  for (let i = start; i < end; i++) {
    const v = y[i] as number;
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) continue;
    if (first !== first) first = v;
    any = (any | v) >>> 0;
    all = (all & v) >>> 0;
  }
  const mid = first !== first ? NaN : ((first & all) | (~first & any)) >>> 0;
  out[at] = mid;
  out[at + 1] = mid;
};

/** Up to two codes other than the first and last, in the order they came; else the first and last. */
const codesMiddle: MiddleFill = (y, start, end, out, at) => {
  const first = y[start] as number;
  const last = y[end - 1] as number;
  let a = NaN;
  let b = NaN;
  for (let i = start + 1; i < end - 1; i++) {
    const v = y[i] as number;
    if (v !== v || v === first || v === last || v === a) continue;
    if (a !== a) a = v;
    else {
      b = v;
      break;
    }
  }
  out[at] = a === a ? a : first;
  out[at + 1] = b === b ? b : a === a ? a : last;
};

/** First index in [0, n) whose value is ≥ target (binary search; x is assumed mostly sorted). */
export function lowerBound(n: number, valueAt: (i: number) => number, target: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (valueAt(mid) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [0, n) whose value is > target. */
export function upperBound(n: number, valueAt: (i: number) => number, target: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (valueAt(mid) <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
