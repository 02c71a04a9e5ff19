// Session records read back from IndexedDB: the check each must pass, and
// the recovery of sessions whose record is damaged (a count of NaN) or
// missing while their chunks remain. Such a session used to be hidden from
// the list, and its chunks sat outside the storage budget for good. Every
// chunk carries the session's totals as of its write (Recorder.flush), so
// the last stored chunk can rebuild the record; a session with no usable
// chunk is removed with whatever is left of it.
import type { SessionInfo } from "../../contract/sessions";
import type { ChunkRecord, Recovery } from "../../contract/storageProtocol";
import { outOfSequenceReason, removeOutOfSequence } from "./chunkSequence";
import { requestResult, transactionDone } from "./idb";
import { CHUNKS, EVENTS, namedKeysOf, numberedKeysOf, SESSIONS, SUMMARIES } from "./schema";

const SOURCES: readonly string[] = ["DEMO", "NETWORK", "RADIO", "IMPORT"];

export function isSessionInfo(value: unknown): value is SessionInfo {
  if (typeof value !== "object" || value === null) return false;
  const s = value as Partial<SessionInfo>;
  return (
    typeof s.id === "string" &&
    typeof s.name === "string" &&
    typeof s.source === "string" &&
    SOURCES.includes(s.source) &&
    Number.isFinite(s.startedAt) &&
    Number.isFinite(s.endedAt) &&
    Number.isFinite(s.firstPacketTime) &&
    Number.isFinite(s.lastPacketTime) &&
    Number.isFinite(s.packets) &&
    Number.isFinite(s.bytes) &&
    Number.isSafeInteger(s.chunks) &&
    (s.chunks as number) >= 0
  );
}

/**
 * Rebuilds or removes every session whose record fails isSessionInfo (see the
 * top), after removing chunks stored out of sequence (chunkSequence.ts); a
 * record that claims data of which no chunk is left (a version-2 database
 * without its chunks store) is removed too, rather than listed with nothing.
 */
export async function recoverSessions(db: IDBDatabase): Promise<Recovery[]> {
  const { damaged, healthy } = await readRecords(db);
  const withChunks = await chunkSessionIds(db);
  const recoveries: Recovery[] = [];
  for (const id of withChunks) {
    const out = await removeOutOfSequence(db, id);
    if (!out) continue;
    const record = healthy.get(id);
    const name = record?.name ?? damaged.get(id)?.name ?? `Recovered ${id}`;
    recoveries.push({ id, name, outcome: "repaired", reason: outOfSequenceReason(out) });
    // A record raised by the removed chunks (an earlier repair) comes back to the ones left.
    if (record && out.lastKept && record.chunks > (out.lastKept.index ?? 0) + 1) {
      healthy.delete(id);
      damaged.set(id, record);
    }
  }
  const orphans = withChunks.filter((id) => !healthy.has(id) && !damaged.has(id));
  for (const [id, record] of damaged) {
    const reason = isSessionInfo(record)
      ? "its record counted chunks that were removed"
      : "its record was damaged";
    recoveries.push(await recoverOne(db, id, record, reason));
  }
  for (const id of orphans)
    recoveries.push(await recoverOne(db, id, null, "its record was missing"));
  const stored = new Set(withChunks);
  for (const [id, record] of healthy)
    if (!stored.has(id) && (record.chunks > 0 || record.packets > 0))
      recoveries.push(await removeEmpty(db, id, record.name));
  return recoveries;
}

/** Removes a session whose record claims recorded data of which no chunk is stored. */
async function removeEmpty(db: IDBDatabase, id: string, name: string): Promise<Recovery> {
  await deleteEverything(db, id);
  return {
    id,
    name,
    outcome: "removed",
    reason: "none of its recorded data was found (its stored chunks are missing)",
  };
}

async function deleteEverything(db: IDBDatabase, id: string): Promise<void> {
  const tx = db.transaction([SESSIONS, CHUNKS, EVENTS, SUMMARIES], "readwrite");
  tx.objectStore(SESSIONS).delete(id);
  tx.objectStore(CHUNKS).delete(numberedKeysOf(id));
  tx.objectStore(EVENTS).delete(namedKeysOf(id));
  tx.objectStore(SUMMARIES).delete(numberedKeysOf(id));
  await transactionDone(tx);
}

async function readRecords(db: IDBDatabase) {
  const tx = db.transaction(SESSIONS, "readonly");
  const store = tx.objectStore(SESSIONS);
  const [keys, values] = await Promise.all([
    requestResult(store.getAllKeys()),
    requestResult(store.getAll()),
  ]);
  const damaged = new Map<string, Partial<SessionInfo> | null>();
  const healthy = new Map<string, SessionInfo>();
  keys.forEach((key, i) => {
    // A record under a key that is not a string is no session this app wrote: left alone.
    if (typeof key !== "string") return;
    const value: unknown = values[i];
    if (isSessionInfo(value) && value.id === key) healthy.set(key, value);
    else damaged.set(key, typeof value === "object" ? (value as Partial<SessionInfo>) : null);
  });
  return { damaged, healthy };
}

/** The session ids the chunks belong to: one cursor step per session, not per chunk. */
function chunkSessionIds(db: IDBDatabase): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const ids: string[] = [];
    const request = db.transaction(CHUNKS, "readonly").objectStore(CHUNKS).openKeyCursor();
    request.onerror = () => reject(request.error ?? new Error("IndexedDB cursor failed"));
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(ids);
      const id = (cursor.primaryKey as unknown[])[0];
      if (typeof id !== "string") return resolve(ids);
      ids.push(id);
      // [id, []] sorts after every [id, index] and before the next session's keys.
      cursor.continue([id, []]);
    };
  });
}

async function recoverOne(
  db: IDBDatabase,
  id: string,
  old: Partial<SessionInfo> | null,
  reason: string,
): Promise<Recovery> {
  const name = typeof old?.name === "string" && old.name !== "" ? old.name : `Recovered ${id}`;
  const rebuilt = await rebuildFromChunks(db, id, old, name);
  if (rebuilt) {
    const tx = db.transaction(SESSIONS, "readwrite");
    tx.objectStore(SESSIONS).put(rebuilt);
    await transactionDone(tx);
  } else await deleteEverything(db, id);
  return rebuilt
    ? { id, name, outcome: "rebuilt", reason }
    : { id, name, outcome: "removed", reason: `${reason} and no chunk could rebuild it` };
}

/** A record from the session's first and last chunks, or null when they cannot give one. */
async function rebuildFromChunks(
  db: IDBDatabase,
  id: string,
  old: Partial<SessionInfo> | null,
  name: string,
): Promise<SessionInfo | null> {
  const store = db.transaction(CHUNKS, "readonly").objectStore(CHUNKS);
  const [firstCursor, lastCursor] = await Promise.all([
    requestResult(store.openCursor(numberedKeysOf(id), "next")),
    requestResult(store.openCursor(numberedKeysOf(id), "prev")),
  ]);
  const first = firstCursor?.value as Partial<ChunkRecord> | undefined;
  const last = lastCursor?.value as Partial<ChunkRecord> | undefined;
  const totals = last?.totals;
  if (
    !first ||
    !last ||
    !Number.isFinite(first.t0) ||
    !Number.isFinite(last.t1) ||
    !Number.isSafeInteger(last.index) ||
    !totals ||
    !Number.isFinite(totals.packets) ||
    !Number.isFinite(totals.bytes) ||
    !Number.isFinite(totals.endedAt)
  )
    return null;
  const source =
    typeof old?.source === "string" && SOURCES.includes(old.source) ? old.source : null;
  return {
    id,
    name,
    // A live session of unknown source is listed as imported: it is not continued.
    source: source ?? "IMPORT",
    backendUrl: typeof old?.backendUrl === "string" ? old.backendUrl : "",
    startedAt: Number.isFinite(old?.startedAt) ? old!.startedAt! : totals.endedAt,
    endedAt: totals.endedAt,
    firstPacketTime: first.t0!,
    lastPacketTime: last.t1!,
    packets: totals.packets,
    bytes: totals.bytes,
    chunks: last.index! + 1,
  };
}
