// Cuts a history into laps. Boundaries are the lap events' times (the
// backend's or the demo car's `lapData`: end and lap time) where the history
// has any; else the finish-line crossings of its GPS track (an imported CSV,
// a radio link). Each lap is checked for what makes it unfit for "best": it
// runs past the history's edges, has a gap in the data or the GPS, stands
// still for a minute (leaving or entering the pits), or covers two laps
// because a lap event is missing. Only the lap's own rows are read.
import type { FieldPath } from "../../../contract/fields";
import type { Lap, LapCoords } from "../../../contract/laps";
import type { LapFlag, LapOrigin, LapSpan } from "../../../contract/lapAnalysis";
import { hasFix } from "../../../shared/gpsFix";
import type { ColumnRing } from "../../history/ColumnRing";
import { MAX_STEP_SECONDS } from "../../history/integrate";
import { findCrossings, GATE_RADIUS_M } from "./gate";
import { columnOf, rowsBetween, timesOf } from "./lapRows";

export const LAT: FieldPath = "Telemetry.GpsLatitude";
export const LONG: FieldPath = "Telemetry.GpsLongitude";
/** m/s, as the motor controllers report it. */
const SPEED: FieldPath = "MotorDetails0.VehicleVelocity";

/** A stop this long (s) at under STOPPED_MPS marks an out-lap or an in-lap. */
const LONG_STOP_S = 60;
const STOPPED_MPS = 0.5;
/** A lap event's lap may begin or end this far (s) outside the rows without being partial. */
const EDGE_SLACK_S = 2;
/** A lap this much longer than the history's median lap covers more than one lap. */
const MULTI_LAP_RATIO = 1.6;

export interface LapCutInput {
  ring: ColumnRing;
  /** The history's lap events, any order; laps wholly outside the rows are left out. */
  laps: readonly Lap[];
  /** RFID → driver name (the backend's drivers list). */
  drivers: Readonly<Record<string, string>>;
  /** Where laps are cut when the history has no lap events; null: not set. */
  finishLine: LapCoords | null;
  origin: LapOrigin;
  simulated: boolean;
}

interface Boundary {
  start: number;
  end: number;
  rfid: string;
}

/** The laps of a history, oldest first, numbered from 1. */
export function cutLaps(input: LapCutInput): LapSpan[] {
  const { ring } = input;
  if (ring.length === 0) return [];
  const first = ring.time(0);
  const last = ring.time(ring.length - 1);
  const fromEvents = eventBoundaries(input.laps, first, last);
  const boundaries =
    fromEvents.length > 0 ? fromEvents : crossingBoundaries(ring, input.finishLine);
  const boundary = fromEvents.length > 0 ? "event" : "crossing";
  const median = medianOf(boundaries.map((b) => b.end - b.start));
  return boundaries.map((b, i): LapSpan => {
    const reasons = checkLap(ring, b, first, last, median);
    return {
      key: { origin: input.origin, start: b.start },
      number: i + 1,
      start: b.start,
      end: b.end,
      lapTimeS: b.end - b.start,
      boundary,
      rfid: b.rfid,
      driver: input.drivers[b.rfid] ?? b.rfid,
      flags: [...new Set(reasons.map((r) => r.flag))],
      flagReason: reasons.map((r) => r.text).join("; "),
      simulated: input.simulated,
    };
  });
}

/** Lap events overlapping [first, last]: each lap runs lapTime seconds up to its end. */
function eventBoundaries(laps: readonly Lap[], first: number, last: number): Boundary[] {
  const sorted = [...laps].sort((a, b) => a.endMs - b.endMs);
  const out: Boundary[] = [];
  let previousEnd: number | null = null;
  for (const lap of sorted) {
    const end = lap.endMs / 1000;
    // A lap time the backend could not give: from the previous lap's end.
    const start = Number.isFinite(lap.lapTime) && lap.lapTime > 0 ? end - lap.lapTime : previousEnd;
    previousEnd = end;
    if (start === null || !(end > start)) continue;
    if (end < first || start > last) continue;
    out.push({ start, end, rfid: lap.rfid });
  }
  return out;
}

/** Laps between consecutive crossings of the finish line by the GPS track. */
function crossingBoundaries(ring: ColumnRing, line: LapCoords | null): Boundary[] {
  if (!line) return [];
  const all = { lo: 0, n: ring.length };
  const lat = columnOf(ring, LAT, all);
  const long = columnOf(ring, LONG, all);
  if (!lat || !long) return [];
  const crossings = findCrossings(timesOf(ring, all), lat, long, {
    lat: line.lat,
    long: line.long,
    radiusM: GATE_RADIUS_M,
  });
  const out: Boundary[] = [];
  for (let i = 1; i < crossings.length; i++)
    out.push({ start: crossings[i - 1]!, end: crossings[i]!, rfid: "" });
  return out;
}

interface Reason {
  flag: LapFlag;
  text: string;
}

function checkLap(
  ring: ColumnRing,
  lap: Boundary,
  first: number,
  last: number,
  medianLapS: number,
): Reason[] {
  const reasons: Reason[] = [];
  if (lap.start < first - EDGE_SLACK_S)
    reasons.push({
      flag: "partial",
      text: `the data starts ${seconds(first - lap.start)} into the lap`,
    });
  if (lap.end > last + EDGE_SLACK_S)
    reasons.push({
      flag: "partial",
      text: `the data ends ${seconds(lap.end - last)} before the lap does`,
    });
  const span = rowsBetween(ring, lap.start, lap.end);
  if (span.n === 0) return reasons;
  const time = timesOf(ring, span);
  const lat = columnOf(ring, LAT, span);
  const long = columnOf(ring, LONG, span);
  const speed = columnOf(ring, SPEED, span);
  const gap = longestGap(time, () => true);
  if (gap > MAX_STEP_SECONDS)
    reasons.push({ flag: "partial", text: `a gap of ${seconds(gap)} in the data` });
  if (lat && long) {
    const gps = longestGap(time, (i) => hasFix(lat[i]!, long[i]!));
    if (gps > MAX_STEP_SECONDS && gps > gap)
      reasons.push({ flag: "partial", text: `a GPS gap of ${seconds(gps)}` });
  }
  const stop = speed ? longestStop(time, speed) : { seconds: 0, from: NaN };
  // Standing still does not make a lap longer than a lap: driving does.
  const driving = lap.end - lap.start - (stop.seconds >= LONG_STOP_S ? stop.seconds : 0);
  if (medianLapS > 0 && driving > MULTI_LAP_RATIO * medianLapS)
    reasons.push({ flag: "partial", text: "longer than a lap: a lap event may be missing" });
  {
    if (stop.seconds >= LONG_STOP_S) {
      const middle = (lap.start + lap.end) / 2;
      const out = stop.from < middle;
      reasons.push({
        flag: out ? "out-lap" : "in-lap",
        text: `stopped ${seconds(stop.seconds)} ${out ? "in the first half" : "in the second half"}`,
      });
    }
  }
  return reasons;
}

/** The longest time between rows that pass `keep` (a row that fails does not end the gap). */
function longestGap(time: Float64Array, keep: (i: number) => boolean): number {
  let longest = 0;
  let prev = NaN;
  for (let i = 0; i < time.length; i++) {
    if (!keep(i)) continue;
    if (prev === prev) longest = Math.max(longest, time[i]! - prev);
    prev = time[i]!;
  }
  return longest;
}

/** The longest stretch at under STOPPED_MPS, and when it began. */
function longestStop(time: Float64Array, speed: Float64Array): { seconds: number; from: number } {
  let best = { seconds: 0, from: NaN };
  let since = NaN;
  for (let i = 0; i < time.length; i++) {
    const v = speed[i]!;
    if (v === v && Math.abs(v) < STOPPED_MPS) {
      if (since !== since) since = time[i]!;
      if (time[i]! - since > best.seconds) best = { seconds: time[i]! - since, from: since };
    } else if (v === v) since = NaN;
  }
  return best;
}

function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function seconds(s: number): string {
  if (s < 120) return `${Math.round(s)} s`;
  return `${Math.round(s / 60)} min`;
}
