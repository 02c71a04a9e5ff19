// Sector lines across the track and the sector times of a lap: each line is a
// gate (gate.ts) the car crosses once a lap. Lines are put in track order
// (when, into a lap, the car crosses them), so users may set them in any
// order; a line no lap crosses is far from the track and is left out, with
// the reason. Sector k runs from line k − 1 (the finish line for k = 0) to
// line k, the last one to the finish: the times add up to the lap time.
import {
  MAX_SECTOR_LINES,
  type LapSpan,
  type SectorLine,
  type SectorStretch,
} from "../../../contract/lapAnalysis";
import { z } from "zod";
import { hasFix } from "../../../shared/gpsFix";
import type { ColumnRing } from "../../history/ColumnRing";
import { findCrossings, GATE_RADIUS_M, nearestApproachM } from "./gate";
import { columnOf, rowsBetween, timesOf } from "./lapRows";
import { LAT, LONG } from "./lapSpans";

const MAX_NAME_CHARS = 40;

/** The sector lines' shape, the laps' shared setting (names unique: checkSectorLines). */
export const sectorLinesSchema = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(MAX_NAME_CHARS),
      lat: z.number().min(-90).max(90),
      long: z.number().min(-180).max(180),
    }),
  )
  .max(MAX_SECTOR_LINES);

/** Sector lines as the UI sends them, checked; a message for the first problem. */
export function checkSectorLines(
  lines: unknown,
): { ok: true; lines: SectorLine[] } | { ok: false; message: string } {
  if (!Array.isArray(lines)) return { ok: false, message: "Sector lines must be a list." };
  if (lines.length > MAX_SECTOR_LINES)
    return {
      ok: false,
      message: `${lines.length} sector lines: at most ${MAX_SECTOR_LINES} can be set.`,
    };
  const out: SectorLine[] = [];
  const names = new Set<string>();
  for (const [k, raw] of lines.entries()) {
    const line = raw as Partial<SectorLine> | null;
    const name = typeof line?.name === "string" ? line.name.trim() : "";
    if (name === "" || name.length > MAX_NAME_CHARS)
      return {
        ok: false,
        message: `Sector line ${k + 1} needs a name of 1 to ${MAX_NAME_CHARS} characters.`,
      };
    if (names.has(name)) return { ok: false, message: `Two sector lines are named "${name}".` };
    names.add(name);
    const { lat, long } = line as SectorLine;
    if (!(
      typeof lat === "number" &&
      Math.abs(lat) <= 90 &&
      typeof long === "number" &&
      Math.abs(long) <= 180
    ))
      return { ok: false, message: `Sector line "${name}" is not at a valid position.` };
    out.push({ name, lat, long });
  }
  return { ok: true, lines: out };
}

/** A lap's GPS track (its own rows only). */
export interface LapTrack {
  time: Float64Array;
  lat: Float64Array;
  long: Float64Array;
}

export function lapTrack(ring: ColumnRing, span: LapSpan): LapTrack | null {
  const rows = rowsBetween(ring, span.start, span.end);
  const lat = columnOf(ring, LAT, rows);
  const long = columnOf(ring, LONG, rows);
  if (!lat || !long) return null;
  return { time: timesOf(ring, rows), lat, long };
}

/** When, in the lap, the car crossed the line (epoch s); null if it did not. */
function crossingIn(track: LapTrack, span: LapSpan, line: SectorLine): number | null {
  const gate = { lat: line.lat, long: line.long, radiusM: GATE_RADIUS_M };
  for (const at of findCrossings(track.time, track.lat, track.long, gate))
    if (at > span.start && at < span.end) return at;
  return null;
}

interface SectorPlan {
  /** The lines kept, in track order. */
  lines: SectorLine[];
  /** Per lap (as given), per kept line, the crossing time or null. */
  crossings: (number | null)[][];
  problems: string[];
}

/**
 * Puts the lines in track order by where, into the laps, the car crosses
 * them (the median fraction of the lap), and leaves out a line no lap
 * crosses, saying how far from the track it lies.
 */
export function planSectors(
  ring: ColumnRing,
  spans: readonly LapSpan[],
  tracks: readonly (LapTrack | null)[],
  lines: readonly SectorLine[],
): SectorPlan {
  const problems: string[] = [];
  const byLine = lines.map((line) =>
    spans.map((span, i) => (tracks[i] ? crossingIn(tracks[i], span, line) : null)),
  );
  const kept: { line: SectorLine; at: (number | null)[]; order: number }[] = [];
  lines.forEach((line, k) => {
    const fractions = byLine[k]!.flatMap((at, i) =>
      at === null ? [] : [(at - spans[i]!.start) / spans[i]!.lapTimeS],
    );
    if (fractions.length === 0) {
      if (spans.length === 0) {
        kept.push({ line, at: byLine[k]!, order: k });
        return;
      }
      problems.push(farMessage(ring, line));
      return;
    }
    fractions.sort((a, b) => a - b);
    kept.push({ line, at: byLine[k]!, order: fractions[Math.floor(fractions.length / 2)]! });
  });
  kept.sort((a, b) => a.order - b.order);
  return {
    lines: kept.map((k) => k.line),
    crossings: spans.map((_, i) => kept.map((k) => k.at[i]!)),
    problems,
  };
}

function farMessage(ring: ColumnRing, line: SectorLine): string {
  const all = { lo: 0, n: ring.length };
  const lat = columnOf(ring, LAT, all);
  const long = columnOf(ring, LONG, all);
  const away = lat && long ? nearestApproachM(lat, long, line.lat, line.long) : Infinity;
  const where = Number.isFinite(away) ? `${Math.round(away)} m from the track` : "not on the track";
  return `Sector line "${line.name}" is ${where}: no lap crosses it, so it is left out (set it on the track, within ${GATE_RADIUS_M} m).`;
}

/**
 * Sector times of one lap (s), lines.length + 1 of them, from its crossings
 * of the kept lines; a sector whose edge was not crossed (or crossed out of
 * order) is null.
 */
export function sectorTimes(
  span: LapSpan,
  crossings: readonly (number | null)[],
): (number | null)[] {
  const edges = [span.start, ...crossings, span.end];
  const out: (number | null)[] = [];
  for (let k = 1; k < edges.length; k++) {
    const a = edges[k - 1];
    const b = edges[k];
    out.push(a != null && b != null && b > a ? b - a : null);
  }
  return out;
}

/** Points per sector stretch at most: enough for a smooth line on the map. */
const STRETCH_POINTS = 400;

/**
 * A lap's track cut at its sector crossings, one stretch per sector, each
 * thinned to at most STRETCH_POINTS (every k-th fix; the ends kept).
 */
export function sectorStretches(
  track: LapTrack,
  span: LapSpan,
  crossings: readonly (number | null)[],
): SectorStretch[] {
  const edges = [span.start, ...crossings.map((c) => c ?? NaN), span.end];
  const out: SectorStretch[] = [];
  for (let k = 1; k < edges.length; k++) {
    const from = edges[k - 1]!;
    const to = edges[k]!;
    const idx: number[] = [];
    for (let i = 0; i < track.time.length; i++) {
      const t = track.time[i]!;
      const lat = track.lat[i]!;
      const long = track.long[i]!;
      // One fix either side of an edge, so the stretches meet on the map.
      if (t >= from - 0.5 && t <= to + 0.5 && hasFix(lat, long)) idx.push(i);
    }
    const step = Math.max(1, Math.ceil(idx.length / STRETCH_POINTS));
    const kept = idx.filter((_, j) => j % step === 0 || j === idx.length - 1);
    out.push({ lat: kept.map((i) => track.lat[i]!), long: kept.map((i) => track.long[i]!) });
  }
  return out;
}
