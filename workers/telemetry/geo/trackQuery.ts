// The map's trail, read from a history ring (the live one, or the replay's up
// to its clock): the GPS fixes in a time window thinned to about a screen
// pixel (trackThin.ts), with the colour field and the hover fields at each
// kept point. When the request carries the end of the trail the map already
// draws, and that end is still in the history, the answer is only the new
// tail: the main thread then appends a few points instead of redrawing an
// hour of track. A whole trail is sent again when the tail cannot be joined
// (another history, the clock went back), would leave the colour range, or
// would take the map past its point budget.
import type { FieldPath } from "../../contract/fields";
import type { TrackCursor, TrackRequest, TrackResult } from "../../contract/track";
import type { ColumnRing } from "../history/ColumnRing";
import { lowerBound, upperBound } from "../history/downsample";
import { displayUnit, toDisplay } from "../../shared/units";
import { hasFix } from "../../shared/gpsFix";
import { LAT, LONG, thinFixes } from "./trackThin";
import { colourRange, fitsRange } from "./colourRange";

const DEFAULT_TRACK_FIELD = "MotorDetails0.VehicleVelocity";
/** What hovering the trail shows besides the colour field. */
const TRACK_DETAIL_FIELDS: readonly FieldPath[] = [
  "MotorDetails0.VehicleVelocity",
  "Derived.PackPower",
  "Battery.PackVoltage",
  "Battery.PackCurrent",
  "Derived.MpptArrayPower",
];
const MAX_POINTS_LIMIT = 50_000;
/** A whole trail fills at most this share of the budget, leaving room for tails. */
const WHOLE_SHARE = 0.5;

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function sanitise(request: TrackRequest): Required<TrackRequest> {
  const r = (typeof request === "object" && request !== null ? request : {}) as TrackRequest;
  const after = r.after;
  const cursorOk =
    typeof after === "object" &&
    after !== null &&
    [after.time, after.lat, after.long, after.count, after.sourcePoints, after.toleranceDeg].every(
      finite,
    ) &&
    (after.min === null || finite(after.min)) &&
    (after.max === null || finite(after.max));
  return {
    colorField: typeof r.colorField === "string" ? r.colorField : DEFAULT_TRACK_FIELD,
    units: r.units === "imperial" ? "imperial" : "metric",
    toleranceDeg: finite(r.toleranceDeg) && r.toleranceDeg > 0 ? r.toleranceDeg : 0,
    maxPoints: finite(r.maxPoints)
      ? Math.min(MAX_POINTS_LIMIT, Math.max(2, Math.floor(r.maxPoints)))
      : 4000,
    from: finite(r.from) ? r.from : null,
    to: finite(r.to) ? r.to : null,
    after: cursorOk ? after : null,
  };
}

/** Reads a stored field at ring rows in display units (NaN when it is not numeric). */
function fieldReader(ring: ColumnRing, path: FieldPath, units: TrackRequest["units"]) {
  const slot = ring.names.storedFieldSlot(path);
  const info = ring.names.storedFieldInfo(path);
  const metricUnit = info?.unit ?? "";
  const read = (i: number): number =>
    !slot || slot.kind === "string"
      ? NaN
      : slot.kind === "number"
        ? toDisplay(ring.number(i, slot.index), metricUnit, units)
        : ring.boolean(i, slot.index)
          ? 1
          : 0;
  return { read, label: info?.label ?? path, unit: displayUnit(metricUnit, units) };
}

/**
 * Columns for the kept ring rows (-1 = a NaN break row), all views of one
 * buffer: the answer moves to the page as a single transfer.
 */
function columnsOf(kept: readonly number[], readers: ((i: number) => number)[]): Float64Array[] {
  const buffer = new Float64Array(kept.length * readers.length);
  return readers.map((read, c) =>
    fill(buffer.subarray(c * kept.length, (c + 1) * kept.length), kept, read),
  );
}

function fill(out: Float64Array, kept: readonly number[], read: (i: number) => number) {
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k]!;
    out[k] = i < 0 ? NaN : read(i);
  }
  return out;
}

/** The ring row the cursor names, or -1 when the history no longer holds it. */
function cursorRow(ring: ColumnRing, lo: number, hi: number, cursor: TrackCursor): number {
  const i = upperBound(ring.length, (k) => ring.time(k), cursor.time) - 1;
  if (i < lo || i >= hi || ring.time(i) !== cursor.time) return -1;
  return ring.number(i, LAT) === cursor.lat && ring.number(i, LONG) === cursor.long ? i : -1;
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
  const colour = fieldReader(ring, request.colorField, request.units);
  const details = TRACK_DETAIL_FIELDS.map((path) => ({
    path,
    ...fieldReader(ring, path, request.units),
  }));
  const result = (tail: boolean, kept: number[], extra: Partial<TrackResult>): TrackResult => {
    const [time, lat, long, value, ...detailValues] = columnsOf(kept, [
      (i) => ring.time(i),
      (i) => ring.number(i, LAT),
      (i) => ring.number(i, LONG),
      colour.read,
      ...details.map((d) => d.read),
    ]);
    return {
      tail,
      time: time!,
      lat: lat!,
      long: long!,
      value: value!,
      details: details.map(({ path, label, unit }, k) => ({
        path,
        label,
        unit,
        values: detailValues[k]!,
      })),
      unit: colour.unit,
      label: colour.label,
      min: null,
      max: null,
      toleranceDeg: request.toleranceDeg,
      sourcePoints: 0,
      lapMarks: lapMarks(ring, lo, hi, lapEndTimes),
      ...extra,
    };
  };

  const cursor = request.after;
  const row = cursor ? cursorRow(ring, lo, hi, cursor) : -1;
  if (cursor && row >= 0) {
    const start = { index: row, lat: cursor.lat, long: cursor.long };
    const tail = thinFixes(ring, row + 1, hi, cursor.toleranceDeg, start);
    const fits = cursor.count + tail.kept.length <= request.maxPoints;
    const inRange = tail.kept.every(
      (i) => i < 0 || fitsRange(colour.read(i), cursor.min, cursor.max),
    );
    if (fits && inRange)
      return result(true, tail.kept, {
        min: cursor.min,
        max: cursor.max,
        toleranceDeg: cursor.toleranceDeg,
        sourcePoints: cursor.sourcePoints + tail.sourcePoints,
      });
  }

  // The whole trail: coarser thinning until it fits its share of the budget.
  let tolerance = request.toleranceDeg;
  let whole = thinFixes(ring, lo, hi, tolerance);
  const target = Math.max(2, Math.floor(request.maxPoints * WHOLE_SHARE));
  for (let round = 0; whole.kept.length > target && round < 24; round++) {
    // Along a drive the points kept shrink about as the tolerance grows: step
    // by that ratio (at least double) so a day's trail takes a few passes, not a dozen.
    const ratio = Math.max(2, (1.2 * whole.kept.length) / target);
    tolerance = tolerance > 0 ? tolerance * ratio : 1e-6;
    whole = thinFixes(ring, lo, hi, tolerance);
  }
  const drawn = result(false, whole.kept, {
    toleranceDeg: tolerance,
    sourcePoints: whole.sourcePoints,
  });
  return { ...drawn, ...(colourRange(drawn.value) ?? { min: null, max: null }) };
}

function lapMarks(
  ring: ColumnRing,
  lo: number,
  hi: number,
  lapEndTimes: readonly number[],
): TrackResult["lapMarks"] {
  const marks: TrackResult["lapMarks"] = [];
  if (hi <= lo) return marks;
  lapEndTimes.forEach((t, index) => {
    if (t < ring.time(lo) || t > ring.time(hi - 1)) return;
    const i = Math.min(
      hi - 1,
      lowerBound(ring.length, (k) => ring.time(k), t),
    );
    const lat = ring.number(i, LAT);
    const long = ring.number(i, LONG);
    if (hasFix(lat, long)) marks.push({ time: t, lat, long, lap: index + 1 });
  });
  return marks;
}
