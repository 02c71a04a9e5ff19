// Compares 2–6 laps against distance: each lap's rows → its GPS track →
// the common 5 m grid (distanceGrid.ts) → its elapsed time, position and
// fields at every grid point, and its delta against the reference lap. The
// laps may come from different histories (lapSources.ts finds their rows).
import type { AppUnits, FieldPath } from "../../../contract/fields";
import type {
  ComparedLap,
  LapCompareResult,
  LapEnergy,
  LapKey,
  LapSpan,
} from "../../../contract/lapAnalysis";
import type { ColumnRing } from "../../history/ColumnRing";
import { scratchFor } from "../../history/ringScratch";
import type { StoredFields } from "../../pipeline/Stage";
import { convertColumnInPlace, displayUnit, toDisplay } from "../../../shared/units";
import { deltaTrace, GRID_STEP_M, gridPoints, lapOnGrid, valuesAt } from "./distanceGrid";
import { lapTrack } from "./lapTrack";
import { LAT, LONG } from "./lapSpans";
import { columnOf, rowsBetween, timesOf } from "./lapRows";

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 6;
/** Fields plotted at once (a compare view stays readable, and the answer small). */
const MAX_COMPARE_FIELDS = 16;

/** A lap to compare, with the history its rows are in. */
export interface LapWithRows {
  span: LapSpan;
  ring: ColumnRing;
  /** The session's name for another session's lap, else null. */
  sessionName: string | null;
  energy: LapEnergy | null;
}

/** The fields as the request names them, or why one cannot be compared. */
export function checkFields(fields: unknown, layout: StoredFields): FieldPath[] | string {
  if (!Array.isArray(fields)) return "No fields to compare.";
  if (fields.length > MAX_COMPARE_FIELDS) return `At most ${MAX_COMPARE_FIELDS} fields at once.`;
  for (const path of fields) {
    const slot = typeof path === "string" ? layout.storedFieldSlot(path) : undefined;
    if (!slot) return `Unknown field: ${String(path)}`;
    if (slot.kind === "string") return `${path} is text: it cannot be plotted against distance.`;
  }
  return fields as FieldPath[];
}

/**
 * The reference: the requested one, or the fastest lap that counts (not an
 * out-lap, in-lap or partial), or the fastest of all when none counts.
 */
export function referenceOf(spans: readonly LapSpan[], requested: LapKey | null): number | string {
  if (requested) {
    const at = spans.findIndex((span) => sameKey(span.key, requested));
    return at >= 0 ? at : "The reference lap is not one of the laps compared.";
  }
  const fastest = (list: number[]) =>
    list.reduce((best, i) => (spans[i]!.lapTimeS < spans[best]!.lapTimeS ? i : best), list[0]!);
  const all = spans.map((_, i) => i);
  const counting = all.filter((i) => spans[i]!.flags.length === 0);
  return fastest(counting.length > 0 ? counting : all);
}

export function sameKey(a: LapKey, b: LapKey): boolean {
  const sameOrigin =
    a.origin.kind === b.origin.kind &&
    (a.origin.kind === "shown" ||
      (b.origin.kind === "session" && a.origin.sessionId === b.origin.sessionId));
  // Starts are computed the same way every time; the tolerance only absorbs a JSON round trip.
  return sameOrigin && Math.abs(a.start - b.start) < 1e-3;
}

/** The comparison of laps already found (2–6, fields checked). */
export function compareFound(
  laps: readonly LapWithRows[],
  referenceIndex: number,
  fields: readonly FieldPath[],
  units: AppUnits,
): LapCompareResult {
  const tracks = laps.map((lap) => {
    const rows = rowsBetween(lap.ring, lap.span.start, lap.span.end);
    const lat = columnOf(lap.ring, LAT, rows);
    const long = columnOf(lap.ring, LONG, rows);
    const time = timesOf(lap.ring, rows);
    return { rows, time, track: lat && long ? lapTrack(time, lat, long) : null };
  });
  for (const [i, { track }] of tracks.entries())
    if (!track || track.length < 2)
      return {
        ok: false,
        message: `${labelOf(laps[i]!)} has no GPS track to measure distance on.`,
      };
  const longest = Math.max(...tracks.map(({ track }) => track!.distanceM[track!.length - 1]!));
  const points = gridPoints(longest);
  const layout = laps[0]!.ring.names; // every history has the registry's layout
  const infos = fields.map((path) => {
    const metric = layout.storedFieldInfo(path)?.unit ?? "";
    return {
      path,
      label: layout.storedFieldInfo(path)?.label ?? path,
      metric,
      unit: displayUnit(metric, units),
    };
  });
  const grids = laps.map((lap, i) =>
    lapOnGrid(tracks[i]!.track!, lap.span.start, lap.span.end, points),
  );
  const reference = grids[referenceIndex]!.elapsedS;
  const compared = laps.map((lap, i): ComparedLap => {
    const grid = grids[i]!;
    const { rows, time } = tracks[i]!;
    const values = infos.map(({ path, metric }) => {
      const column = readColumn(lap.ring, path, rows);
      if (!column) return new Float64Array(points).fill(NaN);
      const out = valuesAt(time, column.values, grid.time, column.stepped);
      convertColumnInPlace(out, metric, units); // both unit systems convert some (m/s → km/h)
      return out;
    });
    return {
      key: lap.span.key,
      label: labelOf(lap),
      lapTimeS: lap.span.lapTimeS,
      elapsedS: grid.elapsedS,
      lat: grid.lat,
      long: grid.long,
      values,
      deltaS: deltaTrace(grid.elapsedS, reference),
      energy: lap.energy,
    };
  });
  const distance = new Float64Array(points);
  for (let k = 0; k < points; k++) distance[k] = toDisplay(k * GRID_STEP_M, "m", units);
  return {
    ok: true,
    distance,
    distanceUnit: displayUnit("m", units),
    stepM: GRID_STEP_M,
    fields: infos.map(({ path, label, unit }) => ({ path, label, unit })),
    laps: compared,
    referenceIndex,
  };
}

/** A stored column of the rows: numbers as stored, booleans as 0/1 held until the next row. */
function readColumn(ring: ColumnRing, path: FieldPath, rows: { lo: number; n: number }) {
  const slot = ring.names.storedFieldSlot(path);
  if (slot?.kind === "boolean") {
    const values = Float64Array.from(
      ring.booleanWindow(slot.index, rows.lo, rows.n, scratchFor(ring).y),
    );
    return { values, stepped: true };
  }
  const values = columnOf(ring, path, rows);
  return values ? { values, stepped: false } : null;
}

/** "Lap 12 · 3:41.2 · Alice", and "· <session>" for another session's lap. */
export function labelOf(lap: { span: LapSpan; sessionName: string | null }): string {
  const { span } = lap;
  const parts = [`Lap ${span.number}`, lapClock(span.lapTimeS)];
  if (span.driver) parts.push(span.driver);
  if (lap.sessionName) parts.push(lap.sessionName);
  return parts.join(" · ");
}

/** m:ss.s */
function lapClock(seconds: number): string {
  if (!Number.isFinite(seconds)) return "–";
  const tenths = Math.round(seconds * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths - minutes * 600) / 10;
  return `${minutes}:${rest < 10 ? "0" : ""}${rest.toFixed(1)}`;
}
