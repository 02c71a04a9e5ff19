// Which lap table columns this window shows (src/ui/format/lapColumnGroups.ts):
// saved in localStorage under the window's name (src/state/windowName.ts), so
// the pit wall's second screen can show the server's figures while the first
// keeps the sectors. A saved choice that cannot be read falls back to the
// default set, and the chooser says why.
import { proxy, subscribe } from "valtio";
import { z } from "zod";
import { ALL_LAP_COLUMN_KEYS, DEFAULT_LAP_COLUMNS } from "../ui/format/lapColumnGroups";
import { localStore, readStorage, writeStorage } from "./persistence";
import { readStored } from "./storedSettings";
import { windowIdentity, windowStorageKey } from "./windowName";

export const LAP_COLUMNS_KEY = "lapColumns";

const shownSchema = z.array(z.string().max(80)).max(200);

export interface LapColumnsRead {
  /** Keys shown, in the table's order; unknown keys (an older or newer build's) left out. */
  shown: string[];
  /** What was wrong with the saved choice; null when nothing was. */
  problem: string | null;
}

/** The choice saved for `windowName`, or the default set. */
export function readLapColumns(storage: Storage, windowName: string): LapColumnsRead {
  const text = readStorage(storage, windowStorageKey(LAP_COLUMNS_KEY, windowName));
  const { value, problem } = readStored(shownSchema, [...DEFAULT_LAP_COLUMNS], text);
  return { shown: ALL_LAP_COLUMN_KEYS.filter((key) => value.includes(key)), problem };
}

export function writeLapColumns(storage: Storage, windowName: string, shown: readonly string[]) {
  writeStorage(storage, windowStorageKey(LAP_COLUMNS_KEY, windowName), JSON.stringify(shown));
}

/** `shown` with `keys` turned on or off, in the table's order. */
export function withColumns(shown: readonly string[], keys: readonly string[], on: boolean) {
  const next = new Set(shown);
  for (const key of keys)
    if (on) next.add(key);
    else next.delete(key);
  return ALL_LAP_COLUMN_KEYS.filter((key) => next.has(key));
}

function windowLapColumns(): LapColumnsRead {
  const storage = localStore();
  let shownFor = windowIdentity.name;
  const state = proxy<LapColumnsRead>(
    storage
      ? readLapColumns(storage, shownFor)
      : { shown: [...DEFAULT_LAP_COLUMNS], problem: null },
  );
  if (!storage) return state;
  let saved = JSON.stringify(state.shown);
  subscribe(state, () => {
    const text = JSON.stringify(state.shown);
    if (text === saved) return; // only a change of the choice is saved, not a read
    saved = text;
    writeLapColumns(storage, shownFor, state.shown);
  });
  // The core named this window otherwise than it loaded with: show that name's choice.
  subscribe(windowIdentity, () => {
    if (windowIdentity.name === shownFor) return;
    shownFor = windowIdentity.name;
    const read = readLapColumns(storage, shownFor);
    saved = JSON.stringify(read.shown);
    Object.assign(state, read);
  });
  return state;
}

export const lapColumns = windowLapColumns();

/** Shows or hides `keys` in this window. */
export function showLapColumns(keys: readonly string[], on: boolean): void {
  lapColumns.shown = withColumns(lapColumns.shown, keys, on);
  lapColumns.problem = null;
}

export function resetLapColumns(): void {
  lapColumns.shown = [...DEFAULT_LAP_COLUMNS];
  lapColumns.problem = null;
}
