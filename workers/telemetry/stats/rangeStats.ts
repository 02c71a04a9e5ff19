// Range statistics over the history at full resolution: one pass per field
// over the ring's rows in [from, to] (binary-searched on packet time), never
// over the plots' downsampled picture. Columns are looked up at call time
// through the ring's column layout (pipeline/columnLayout.ts), so any column the store holds (a
// math channel too) is summarised without a list kept here.
import type { FieldRangeStats, RangeStatsRequest, RangeStatsResult } from "../../contract/stats";
import type { FieldPath } from "../../contract/fields";
import { formatTimeNamed, isTimeZone, type ShownZone } from "../../shared/dateTime";
import type { ColumnRing } from "../history/ColumnRing";
import type { ColumnLayout } from "../pipeline/columnLayout";
import { lowerBound, upperBound } from "../history/downsample";
import { scratchFor } from "../history/ringScratch";
import { bridges } from "../history/integrate";

/** Most fields summarised at once (a table a person reads; bounds the work). */
const MAX_FIELDS = 64;

type Column = { kind: "number" | "boolean"; index: number; path: FieldPath };

/**
 * Statistics of `request.fields` over the rows whose packet time lies in
 * [from, to]. `clock` (a replay's position) ends what is shown: rows after it
 * are not counted, as the plots do not draw them.
 */
export function rangeStats(
  ring: ColumnRing,
  request: RangeStatsRequest,
  clock: number | null = null,
): RangeStatsResult {
  const zone = textZone(request);
  const checked = checkRequest(ring.names, request, zone);
  if (typeof checked === "string") return { ok: false, message: checked };
  const { columns, levels } = checked;
  const from = request.from;
  const to = clock !== null && clock < request.to ? clock : request.to;
  const timeAt = (i: number): number => ring.time(i);
  const lo = lowerBound(ring.length, timeAt, from);
  const hi = to < from ? lo : upperBound(ring.length, timeAt, to);
  const n = hi - lo;
  if (n <= 0)
    return {
      ok: false,
      message: `No packets between ${formatTimeNamed(request.from, true, zone)} and ${formatTimeNamed(request.to, true, zone)}`,
    };
  const scratch = scratchFor(ring);
  const x = ring.timeWindow(lo, n, scratch.x);
  const fields = columns.map((column): FieldRangeStats => {
    const y =
      column.kind === "number"
        ? ring.numericWindow(column.index, lo, n, scratch.y)
        : ring.booleanWindow(column.index, lo, n, scratch.y);
    const info = ring.names.storedFieldInfo(column.path);
    const level = levels.get(column.path);
    return {
      path: column.path,
      label: info?.label ?? column.path,
      unit: info?.unit ?? "",
      ...summarise(x, y, n, column.kind === "boolean", level),
    };
  });
  return { ok: true, from: x[0]!, to: x[n - 1]!, rows: n, fields };
}

/** The zone the request's refusals write times in: the window's, if it is one. */
function textZone(request: RangeStatsRequest | null | undefined): ShownZone {
  const zone: unknown = typeof request === "object" && request !== null ? request.timeZone : null;
  return typeof zone === "string" && isTimeZone(zone) ? zone : null;
}

/** The columns and levels of a well-formed request, or why it is not one. */
function checkRequest(
  layout: ColumnLayout,
  request: RangeStatsRequest,
  zone: ShownZone,
): { columns: Column[]; levels: Map<FieldPath, number> } | string {
  if (typeof request !== "object" || request === null) return "No range was given.";
  const { from, to, fields } = request;
  if (typeof from !== "number" || !Number.isFinite(from)) return "The range's start is not a time.";
  if (typeof to !== "number" || !Number.isFinite(to)) return "The range's end is not a time.";
  if (from > to)
    return `The range starts (${formatTimeNamed(from, true, zone)}) after it ends (${formatTimeNamed(to, true, zone)}).`;
  if (!Array.isArray(fields) || fields.length === 0) return "No fields to summarise.";
  if (fields.length > MAX_FIELDS) return `At most ${MAX_FIELDS} fields at once.`;
  const columns: Column[] = [];
  for (const path of fields) {
    const slot = typeof path === "string" ? layout.storedFieldSlot(path) : undefined;
    if (!slot) return `Unknown field: ${String(path)}`;
    if (slot.kind === "string") return `${path} is text: it has no statistics.`;
    columns.push({ kind: slot.kind, index: slot.index, path });
  }
  const levels = new Map<FieldPath, number>();
  const asked = request.levels ?? {};
  if (typeof asked !== "object" || asked === null) return "The levels are not a list of numbers.";
  for (const path of Object.keys(asked)) {
    const level = asked[path];
    if (typeof level !== "number" || !Number.isFinite(level))
      return `The level for ${path} is not a number.`;
    levels.set(path, level);
  }
  return { columns, levels };
}

type Summary = Omit<FieldRangeStats, "path" | "label" | "unit">;

/**
 * One pass over the samples. Mean and spread by Welford's update, which stays
 * exact where the sum of squares minus the squared sum would cancel (a pack
 * voltage of 400 V moving by millivolts). Between consecutive finite samples
 * at most MAX_STEP_SECONDS apart (history/integrate.ts, the rule integ() and
 * the energy totals follow, so they agree):
 * - the integral adds the trapezoid (value·s, reported in value·h), and the
 *   time above a level adds the part of the step above it, the crossing
 *   interpolated on the straight line the plot draws;
 * - a boolean is drawn as steps and holds its value until the next sample, so
 *   it adds the earlier sample's value × the step (hours on) and counts the
 *   whole step above the level when the earlier sample is.
 * A NaN sample or a longer step is a gap: the steps on either side of it add
 * nothing.
 */
export function summarise(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  n: number,
  stepped: boolean,
  level: number | undefined,
): Summary {
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  let mean = 0;
  let m2 = 0;
  let first = NaN;
  let last = NaN;
  let area = 0; // value·seconds
  let above = 0; // seconds
  let covered = 0; // seconds
  let prevT = NaN;
  let prevV = NaN;
  const hasLevel = level !== undefined;
  const L = level ?? 0;
  for (let i = 0; i < n; i++) {
    const v = y[i] as number;
    const t = x[i] as number;
    if (v !== v || v === Infinity || v === -Infinity) {
      prevV = NaN; // a gap: the next step starts fresh
      continue;
    }
    count++;
    if (v < min) min = v;
    if (v > max) max = v;
    const d = v - mean;
    mean += d / count;
    m2 += d * (v - mean);
    if (count === 1) first = v;
    last = v;
    const dt = t - prevT;
    if (prevV === prevV && bridges(dt)) {
      covered += dt;
      if (stepped) {
        area += prevV * dt;
        if (hasLevel && prevV > L) above += dt;
      } else {
        area += ((prevV + v) / 2) * dt;
        if (hasLevel) above += secondsAbove(prevV, v, dt, L);
      }
    }
    prevT = t;
    prevV = v;
  }
  if (count === 0)
    return {
      count: 0,
      min: null,
      max: null,
      mean: null,
      std: null,
      first: null,
      last: null,
      delta: null,
      integralH: null,
      integralSeconds: 0,
      secondsAbove: hasLevel ? 0 : null,
    };
  return {
    count,
    min,
    max,
    mean,
    std: Math.sqrt(m2 / count),
    first,
    last,
    delta: last - first,
    integralH: area / 3600,
    integralSeconds: covered,
    secondsAbove: hasLevel ? above : null,
  };
}

/** Of a straight step from a to b lasting dt, the seconds spent above `level`. */
function secondsAbove(a: number, b: number, dt: number, level: number): number {
  if (a > level && b > level) return dt;
  if (a <= level && b <= level) return 0;
  const high = a > b ? a : b;
  return ((high - level) / Math.abs(b - a)) * dt;
}
