// The sector lines the user set on the map: names and positions, kept in this
// browser only (never sent to the server) and given to the worker at start
// and on every change (actions/sectorLinesActions.ts). At most 8.
import { proxy } from "valtio";
import { z } from "zod";
import type { SectorLine } from "../../workers/contract/lapAnalysis";
import { storedProblem, storedSettings } from "./storedSettings";

const SECTOR_LINES_KEY = "sectorLines";
/** The contract's MAX_SECTOR_LINES (the worker refuses more); a value the UI may not import. */
export const MAX_SECTOR_LINES = 8;

const NAME = "its name must be 1 to 40 characters";
const LAT = "its latitude must be a number from −90 to 90";
const LONG = "its longitude must be a number from −180 to 180";

const lineSchema = z.object({
  name: z.string({ error: NAME }).trim().min(1, NAME).max(40, NAME),
  lat: z.number({ error: LAT }).min(-90, LAT).max(90, LAT),
  long: z.number({ error: LONG }).min(-180, LONG).max(180, LONG),
});

// No fallback per field: lines that cannot be used are none, and the restore says why.
const sectorLinesSchema = z.object({ lines: z.array(lineSchema).max(MAX_SECTOR_LINES) });

/** Why saved lines were not used, in the map's words (line 1 is the first the list shows). */
function savedLinesProblem(issue: z.core.$ZodIssue, stored: unknown): string {
  const lines = (stored as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return "there is no list of lines in what was saved";
  if (lines.length > MAX_SECTOR_LINES)
    return `${lines.length.toLocaleString("en")} lines were saved, and at most ${MAX_SECTOR_LINES} can be set`;
  const index = issue.path[1];
  return typeof index === "number" ? `line ${index + 1}: ${issue.message}` : issue.message;
}

export const sectorLinesState = storedSettings(
  SECTOR_LINES_KEY,
  sectorLinesSchema,
  { lines: [] as SectorLine[] },
  savedLinesProblem,
);

/** Why the lines saved in this browser were not used when this page read them; null if they were. */
export const savedSectorLinesProblem = (): string | null => storedProblem(sectorLinesState);

// The lines as last read from the core (another window changed them): the
// wiring does not send those back, which could undo a newer change.
let fromCore: string | null = null;

/** Shows (and saves) the core's lines after another window changed them. */
export function adoptSectorLines(lines: readonly SectorLine[]): void {
  fromCore = JSON.stringify(lines);
  if (JSON.stringify(sectorLinesState.lines) !== fromCore)
    sectorLinesState.lines = lines.map((line) => ({ ...line }));
}

/** Whether the lines shown are the core's as last read (nothing to send). */
export function showsCoreSectorLines(): boolean {
  return fromCore !== null && JSON.stringify(sectorLinesState.lines) === fromCore;
}

/**
 * The map's sector mode: clicks on the map add a line (not saved: a mode of
 * this page); `full` when a click found 8 lines set already.
 */
export const sectorEditing = proxy({ on: false, full: false });

/** A name no line has yet: "S1", "S2", … */
function nextSectorName(lines: readonly SectorLine[]): string {
  const taken = new Set(lines.map((l) => l.name));
  for (let k = 1; ; k++) if (!taken.has(`S${k}`)) return `S${k}`;
}

/** Adds a line at a point; false when 8 are set already. */
export function addSectorLine(lat: number, long: number): boolean {
  const lines = sectorLinesState.lines;
  sectorEditing.full = lines.length >= MAX_SECTOR_LINES;
  if (sectorEditing.full) return false;
  lines.push({ name: nextSectorName(lines), lat, long });
  return true;
}

export function moveSectorLine(index: number, lat: number, long: number): void {
  const line = sectorLinesState.lines[index];
  if (line) Object.assign(line, { lat, long });
}

/** Renames a line; a name that is empty, too long or another line's is refused (false). */
export function renameSectorLine(index: number, name: string): boolean {
  const clean = name.trim();
  const lines = sectorLinesState.lines;
  if (clean === "" || clean.length > 40) return false;
  if (lines.some((l, k) => k !== index && l.name === clean)) return false;
  if (lines[index]) lines[index].name = clean;
  return true;
}

export function deleteSectorLine(index: number): void {
  sectorLinesState.lines.splice(index, 1);
  sectorEditing.full = false;
}
