// The map's trail, read from a history ring (live now; the replay history later
// passes its own ring): the GPS fixes in a time window, thinned to about one
// point per screen pixel (a point closer than `toleranceDeg` to the last kept
// one adds nothing visible), capped at `maxPoints`, with the colour field's
// value at each kept point. A jump longer than GLITCH_KM breaks the line
// (NaN row) instead of drawing a straight chord across the map.
import type { TrackRequest, TrackResult } from "../contract";
import type { ColumnRing } from "../history/ColumnRing";
import { lowerBound, upperBound } from "../history/downsample";
import { NUMERIC_FIELDS } from "../telemetry/fields";
import { storedFieldInfo, storedFieldSlot } from "../telemetry/derivedFields";
import { displayUnit, toDisplay } from "../units";
import { GLITCH_KM, haversineKm } from "./geo";

const LAT = NUMERIC_FIELDS.indexOf("Telemetry.GpsLatitude");
const LONG = NUMERIC_FIELDS.indexOf("Telemetry.GpsLongitude");
export const DEFAULT_TRACK_FIELD = "MotorDetails0.VehicleVelocity";
const MAX_POINTS_LIMIT = 50_000;

const validFix = (lat: number, long: number) =>
  !(lat === 0 && long === 0) && Math.abs(lat) <= 90 && Math.abs(long) <= 180;

function sanitise(request: TrackRequest): TrackRequest {
  const maxPoints = Number.isFinite(request?.maxPoints)
    ? Math.min(MAX_POINTS_LIMIT, Math.max(2, Math.floor(request.maxPoints)))
    : 4000;
  const toleranceDeg =
    Number.isFinite(request?.toleranceDeg) && request.toleranceDeg > 0 ? request.toleranceDeg : 0;
  return {
    colorField: typeof request?.colorField === "string" ? request.colorField : DEFAULT_TRACK_FIELD,
    units: request?.units === "imperial" ? "imperial" : "metric",
    toleranceDeg,
    maxPoints,
    from: Number.isFinite(request?.from) ? request.from : null,
    to: Number.isFinite(request?.to) ? request.to : null,
  };
}

/**
 * @param ring the history to read (live or replay)
 * @param lapEndTimes epoch seconds at which the lap table's laps ended
 */
export function buildTrack(
  ring: ColumnRing,
  lapEndTimes: readonly number[],
  rawRequest: TrackRequest,
): TrackResult {
  const request = sanitise(rawRequest);
  const n = ring.length;
  const timeAt = (i: number) => ring.time(i);
  const lo = request.from === null ? 0 : lowerBound(n, timeAt, request.from);
  const hi = request.to === null ? n : Math.max(lo, upperBound(n, timeAt, request.to));
  const slot = storedFieldSlot(request.colorField);
  const info = storedFieldInfo(request.colorField);
  const metricUnit = info?.unit ?? "";
  const valueAt = (i: number): number =>
    !slot || slot.kind === "string"
      ? NaN
      : slot.kind === "number"
        ? toDisplay(ring.number(i, slot.index), metricUnit, request.units)
        : ring.boolean(i, slot.index)
          ? 1
          : 0;

  // Pass 1: indices worth drawing (NaN break = -1).
  const kept: number[] = [];
  const tol2 = request.toleranceDeg * request.toleranceDeg;
  let sourcePoints = 0;
  let lastLat = NaN;
  let lastLong = NaN;
  let lastValid = -1;
  for (let i = lo; i < hi; i++) {
    const lat = ring.number(i, LAT);
    const long = ring.number(i, LONG);
    if (!validFix(lat, long)) continue;
    sourcePoints++;
    if (lastValid >= 0 && haversineKm(lastLat, lastLong, lat, long) > GLITCH_KM) {
      if (kept.at(-1) !== lastValid) kept.push(lastValid);
      kept.push(-1);
      kept.push(i);
      lastLat = lat;
      lastLong = long;
    } else if (lastValid < 0) {
      kept.push(i);
      lastLat = lat;
      lastLong = long;
    } else {
      const dLat = lat - lastLat;
      const dLong = (long - lastLong) * Math.cos((lat * Math.PI) / 180);
      if (dLat * dLat + dLong * dLong >= tol2) {
        kept.push(i);
        lastLat = lat;
        lastLong = long;
      }
    }
    lastValid = i;
  }
  // The car's newest fix always ends the trail.
  if (lastValid >= 0 && kept.at(-1) !== lastValid) kept.push(lastValid);

  // Pass 2: over budget, keep every k-th (breaks and the last point stay).
  const stride = Math.ceil(kept.length / request.maxPoints);
  const chosen =
    stride <= 1
      ? kept
      : kept.filter((index, k) => index < 0 || k % stride === 0 || k === kept.length - 1);

  const count = chosen.length;
  const time = new Float64Array(count);
  const lat = new Float64Array(count);
  const long = new Float64Array(count);
  const value = new Float64Array(count);
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < count; k++) {
    const i = chosen[k]!;
    if (i < 0) {
      time[k] = lat[k] = long[k] = value[k] = NaN;
      continue;
    }
    time[k] = ring.time(i);
    lat[k] = ring.number(i, LAT);
    long[k] = ring.number(i, LONG);
    const v = valueAt(i);
    value[k] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }

  const lapMarks: TrackResult["lapMarks"] = [];
  lapEndTimes.forEach((t, index) => {
    if (hi <= lo || t < ring.time(lo) || t > ring.time(hi - 1)) return;
    const i = Math.min(hi - 1, lowerBound(n, timeAt, t));
    const la = ring.number(i, LAT);
    const lo2 = ring.number(i, LONG);
    if (validFix(la, lo2)) lapMarks.push({ time: t, lat: la, long: lo2, lap: index + 1 });
  });

  return {
    time,
    lat,
    long,
    value,
    unit: displayUnit(metricUnit, request.units),
    label: info?.label ?? request.colorField,
    min: min <= max ? min : null,
    max: min <= max ? max : null,
    sourcePoints,
    lapMarks,
  };
}
