// The words of the replay bound (MAX_REPLAYS): each replay holds its own
// history in memory, so a window past the bound is told why its replay did
// not start and what to do about it.
import type { CsvImportReport } from "../../contract/csv";
import { MAX_REPLAYS } from "../../contract/windows";
import { failedImport } from "../csv/importCsv";

export function replaysFullMessage(): string {
  return (
    `${MAX_REPLAYS} windows are replaying already: stop a replay in another window first ` +
    "(each replay holds its own copy of the history in memory)."
  );
}

/** A CSV import refused before reading anything (it would have replayed). */
export function refusedImport(fileName: string): CsvImportReport {
  return failedImport(fileName, replaysFullMessage());
}
