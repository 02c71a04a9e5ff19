// Chunks stored out of sequence. The recorder numbers a session's chunks one
// by one (Recorder.writeChunk); a failed write loses its chunk and leaves a
// gap of one, and a write that keeps failing pauses the recording, so the
// gaps in a session's numbers stay small. A chunk numbered far past the one
// before it (a fault probe stored a copy at index 1e12) was not written by
// the recorder: left in place, it made the session's record claim 1e12 + 1
// chunks, and its rows, copies of earlier ones, were restored after the
// newest. Such chunks are removed before anything reads the session, and the
// user is told (Sessions.sayRecoveries).
import type { ChunkRecord } from "../../contract/storageProtocol";
import { requestResult, transactionDone } from "./idb";
import { CHUNKS, numberedKeysOf } from "./schema";

/**
 * The largest step between the numbers of two stored chunks that the
 * recorder can leave: thousands of failed writes in a row, far more than a
 * recording that pauses after one.
 */
export const MAX_INDEX_STEP = 10_000;

/** What was removed from one session, or null when its chunks are in sequence. */
export interface OutOfSequence {
  /** How many chunks were removed. */
  removed: number;
  /** The first removed chunk's number, and the number of the stored chunk before it. */
  firstIndex: number;
  after: number;
  /** The last chunk left in sequence, or null when none is (the first key was already far out). */
  lastKept: Partial<ChunkRecord> | null;
}

/**
 * Removes the chunks of session `id` numbered more than MAX_INDEX_STEP past
 * the stored chunk before them, and every chunk after such a leap (nothing
 * beyond it is in the recorder's sequence). Reads keys only when nothing leaps.
 */
export async function removeOutOfSequence(
  db: IDBDatabase,
  id: string,
): Promise<OutOfSequence | null> {
  const keys = (await requestResult(
    db.transaction(CHUNKS, "readonly").objectStore(CHUNKS).getAllKeys(numberedKeysOf(id)),
  )) as [string, number][];
  const leap = keys.findIndex((key, i) => i > 0 && key[1] - keys[i - 1]![1] > MAX_INDEX_STEP);
  if (leap < 0) return null;
  const tx = db.transaction(CHUNKS, "readwrite");
  const store = tx.objectStore(CHUNKS);
  store.delete(IDBKeyRange.bound(keys[leap]!, [id, Infinity]));
  const lastKept = await requestResult(store.get(keys[leap - 1]!));
  await transactionDone(tx);
  return {
    removed: keys.length - leap,
    firstIndex: keys[leap]![1],
    after: keys[leap - 1]![1],
    lastKept: (lastKept as Partial<ChunkRecord> | undefined) ?? null,
  };
}

/** The removal in words a user reads (a Recovery's reason). */
export function outOfSequenceReason(out: OutOfSequence): string {
  const n = out.removed;
  const chunks = n === 1 ? "1 stored chunk was" : `${n.toLocaleString("en-US")} stored chunks were`;
  return `${chunks} numbered out of sequence (${out.firstIndex.toLocaleString("en-US")} after ${out.after.toLocaleString("en-US")}), so ${n === 1 ? "its" : "their"} rows could not be placed in the session: removed`;
}
