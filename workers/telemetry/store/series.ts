// Builds a plot series (uPlot AlignedData) from the ring: binary-searches the
// time window, plans the downsampling once on x, then fills one fresh
// Float64Array per field (fresh so the service can transfer each buffer).
// A batch (every visible plot's request of one frame) shares the work: one
// plan per distinct window and width, one column per distinct field and
// units; plots that show the same field get the same column.
import type { DayRange, SeriesRequest, SeriesResult } from "../../contract/series";
import type { ColumnRing } from "../history/ColumnRing";
import {
  fillColumn,
  lowerBound,
  planDownsample,
  SERIES_POINTS_PER_BUCKET,
  upperBound,
  type BucketSummary,
  type DownsamplePlan,
} from "../history/downsample";
import { convertColumnInPlace, displayUnit } from "../../shared/units";
import { todaySpanSeconds } from "../../shared/plots/todayWindow";
import { todayStart } from "./todayStart";
import { isTimeZone } from "../../shared/dateTime";
import { scratchFor } from "../history/ringScratch";

function windowBounds(ring: ColumnRing, from: number | null, to: number | null): [number, number] {
  const n = ring.length;
  const timeAt = (i: number): number => ring.time(i);
  const lo = from === null || !Number.isFinite(from) ? 0 : lowerBound(n, timeAt, from);
  const hi = to === null || !Number.isFinite(to) ? n : upperBound(n, timeAt, to);
  return [lo, Math.max(lo, hi)];
}

interface PlannedWindow {
  lo: number;
  count: number;
  plan: DownsamplePlan;
  from: number | null;
  to: number | null;
  /** Filled columns of this window by field and units. */
  columns: Map<string, { out: Float64Array; gaps: boolean; unit: string }>;
}

/** Shared work of one batch: plans by window and width (valid while the ring does not change). */
export type SeriesMemo = Map<string, PlannedWindow>;

export function buildSeries(
  ring: ColumnRing,
  request: SeriesRequest,
  memo: SeriesMemo = new Map(),
): SeriesResult {
  const fields = Array.isArray(request.fields) ? request.fields : [];
  const points =
    Number.isFinite(request.points) && request.points >= 1 ? Math.floor(request.points) : 1;
  const day = request.today === true ? dayOf(ring, request.timeZone) : undefined;
  const asked = request.from ?? null;
  const from = day && !(asked !== null && asked > day.start) ? day.start : asked;
  const [lo, hi] = windowBounds(ring, from, request.to ?? null);
  const live = request.liveWindowSeconds;
  // A live window's grid comes from its length; Today's (asked without one)
  // from the day's stepped span, so it stays put until the span steps up.
  const gridSpan =
    live !== undefined && Number.isFinite(live) && live > 0 ? live : day ? day.span : 0;
  const bucketSeconds =
    gridSpan > 0 ? gridSpan / Math.max(1, Math.floor(points / SERIES_POINTS_PER_BUCKET)) : 0;
  const key = `${lo}:${hi}:${points}:${bucketSeconds}`;
  let planned = memo.get(key);
  if (!planned) {
    const count = hi - lo;
    const x = ring.timeWindow(lo, count, scratchFor(ring).x);
    planned = {
      lo,
      count,
      plan: planDownsample(x, 0, count, points, bucketSeconds),
      from: count > 0 ? (x[0] as number) : null,
      to: count > 0 ? (x[count - 1] as number) : null,
      columns: new Map(),
    };
    memo.set(key, planned);
  }
  const data: Float64Array[] = [planned.plan.x];
  const hasGaps: boolean[] = [];
  const units: string[] = [];
  for (const path of fields) {
    const summary = bucketSummary(ring, path, request.states === true);
    const columnKey = `${path}\u0000${request.units}\u0000${summary}`;
    let column = planned.columns.get(columnKey);
    if (!column) {
      column = fillField(ring, planned, path, request.units, summary);
      planned.columns.set(columnKey, column);
    }
    data.push(column.out);
    hasGaps.push(column.gaps);
    units.push(column.unit);
  }
  const grid = planned.plan.bucketSeconds;
  const result: SeriesResult = {
    data,
    from: planned.from,
    to: planned.to,
    hasGaps,
    units,
    bucketSeconds: grid,
  };
  if (day) result.day = day;
  return result;
}

/** The day a "Today" request covers: its start (midnight in `zone`) and the stepped span its x range shows. */
function dayOf(ring: ColumnRing, zone: unknown): DayRange | undefined {
  const start = todayStart(ring, typeof zone === "string" && isTimeZone(zone) ? zone : null);
  if (start === null) return undefined;
  return { start, span: todaySpanSeconds(ring.time(ring.length - 1) - start) };
}

/** A timeline's states keep every bit or code in a bucket; a quantity its min and max. */
function bucketSummary(ring: ColumnRing, path: string, states: boolean): BucketSummary {
  if (!states) return "range";
  return ring.names.storedFieldInfo(path)?.bits ? "bits" : "codes";
}

function fillField(
  ring: ColumnRing,
  { plan, lo, count }: PlannedWindow,
  path: string,
  appUnits: SeriesRequest["units"],
  summary: BucketSummary,
): { out: Float64Array; gaps: boolean; unit: string } {
  const out = new Float64Array(plan.x.length);
  const slot = ring.names.storedFieldSlot(path);
  const metricUnit = ring.names.storedFieldInfo(path)?.unit ?? "";
  if (!slot || slot.kind === "string") {
    out.fill(NaN); // unknown or non-plottable field: a visible gap, never a throw
    return { out, gaps: true, unit: "" };
  }
  const scratch = scratchFor(ring);
  const y =
    slot.kind === "number"
      ? ring.numericWindow(slot.index, lo, count, scratch.y)
      : ring.booleanWindow(slot.index, lo, count, scratch.y);
  const gaps = fillColumn(plan, y, out, summary);
  convertColumnInPlace(out, metricUnit, appUnits);
  return { out, gaps, unit: displayUnit(metricUnit, appUnits) };
}
