// The user's math channels, kept in localStorage as a channels file (the
// worker's own export text, so the worker checks it again when it comes back).
// Nothing saved means "never chosen": the starter set applies. A saved empty
// list is a choice (every channel deleted) and is kept as one.
import { readStorage, writeStorage } from "./persistence";

export const MATH_CHANNELS_KEY = "mathChannels";

/** The saved channels file's text, or null when nothing was ever saved (the starter set applies). */
export function savedMathChannels(storage: Storage): string | null {
  return readStorage(storage, MATH_CHANNELS_KEY);
}

export function saveMathChannels(storage: Storage, fileText: string): void {
  writeStorage(storage, MATH_CHANNELS_KEY, fileText);
}
