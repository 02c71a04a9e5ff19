// Builds a plot series (uPlot AlignedData) from the ring: binary-searches the
// time window, plans the downsampling once on x, then fills one fresh
// Float64Array per field (fresh so the service can transfer each buffer).
import type { SeriesRequest, SeriesResult } from "../contract";
import type { ColumnRing } from "../history/ColumnRing";
import { fillColumn, lowerBound, planDownsample, upperBound } from "../history/downsample";
import { storedFieldInfo, storedFieldSlot } from "../telemetry/derivedFields";
import { convertColumnInPlace, displayUnit } from "../units";

// Scratch for windows that wrap around the ring, sized to its capacity once.
const scratchByRing = new WeakMap<ColumnRing, { x: Float64Array; y: Float64Array }>();

function scratchFor(ring: ColumnRing): { x: Float64Array; y: Float64Array } {
  let scratch = scratchByRing.get(ring);
  if (!scratch) {
    scratch = { x: new Float64Array(ring.capacity), y: new Float64Array(ring.capacity) };
    scratchByRing.set(ring, scratch);
  }
  return scratch;
}

function windowBounds(ring: ColumnRing, from: number | null, to: number | null): [number, number] {
  const n = ring.length;
  const timeAt = (i: number): number => ring.time(i);
  const lo = from === null || !Number.isFinite(from) ? 0 : lowerBound(n, timeAt, from);
  const hi = to === null || !Number.isFinite(to) ? n : upperBound(n, timeAt, to);
  return [lo, Math.max(lo, hi)];
}

export function buildSeries(ring: ColumnRing, request: SeriesRequest): SeriesResult {
  const fields = Array.isArray(request.fields) ? request.fields : [];
  const points =
    Number.isFinite(request.points) && request.points >= 1 ? Math.floor(request.points) : 1;
  const [lo, hi] = windowBounds(ring, request.from ?? null, request.to ?? null);
  const count = hi - lo;
  const scratch = scratchFor(ring);
  const x = ring.timeWindow(lo, count, scratch.x);
  const plan = planDownsample(x, 0, count, points);

  const data: Float64Array[] = [plan.x];
  const hasGaps: boolean[] = [];
  const units: string[] = [];
  for (const path of fields) {
    const out = new Float64Array(plan.x.length);
    const slot = storedFieldSlot(path);
    const metricUnit = storedFieldInfo(path)?.unit ?? "";
    if (!slot || slot.kind === "string") {
      out.fill(NaN); // unknown or non-plottable field: a visible gap, never a throw
      hasGaps.push(true);
      units.push("");
    } else {
      const y =
        slot.kind === "number"
          ? ring.numericWindow(slot.index, lo, count, scratch.y)
          : ring.booleanWindow(slot.index, lo, count, scratch.y);
      hasGaps.push(fillColumn(plan, y, out));
      convertColumnInPlace(out, metricUnit, request.units);
      units.push(displayUnit(metricUnit, request.units));
    }
    data.push(out);
  }
  return {
    data,
    from: count > 0 ? (x[0] as number) : null,
    to: count > 0 ? (x[count - 1] as number) : null,
    hasGaps,
    units,
  };
}
