// Texts of a season's export (Sessions tab, status bar): pure, unit-tested.
import { formatCount } from "./formatNumber";

/** "Season export: 12,345 of 40,000 rows". */
export function seasonProgressText(done: number, total: number): string {
  return `Season export: ${formatCount(Math.min(done, total))} of ${formatCount(total)} rows`;
}

export interface SeasonStopped {
  /** Where the dataset was going (a folder's name, or the zip's). */
  where: string;
  /** Sessions whose every file was written whole, by name. */
  whole: readonly string[];
  /** Sessions not written, or only in part, by name. */
  notWritten: readonly string[];
  filesWritten: number;
  /** The file being written when it stopped (removed), if any. */
  unfinished: string | null;
}

const names = (list: readonly string[]) =>
  list.length === 0 ? "none" : list.map((n) => `"${n}"`).join(", ");

/** Why a season's export into a folder stopped for lack of room, and what is there. */
export function seasonFullText(s: SeasonStopped): string {
  const unfinished = s.unfinished ? ` The unfinished file ${s.unfinished} was removed.` : "";
  return (
    `The folder "${s.where}" ran out of room. ` +
    `Written whole (${s.filesWritten === 1 ? "1 file" : `${formatCount(s.filesWritten)} files`}): ${names(s.whole)}. ` +
    `Not written: ${names(s.notWritten)}.${unfinished} ` +
    `Free some space and export the sessions not written again.`
  );
}

/** A season's export finished. */
export function seasonDoneText(sessions: number, rows: number, where: string): string {
  const what = sessions === 1 ? "1 session" : `${formatCount(sessions)} sessions`;
  return `Exported ${what} (${formatCount(rows)} rows) to ${where}.`;
}
