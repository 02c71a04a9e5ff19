// The session database's layout, version by version, and the upgrade that
// brings any older database to this one (docs/architecture.md "Session
// events"). The upgrade runs in IndexedDB's versionchange transaction: if any
// step throws, the database stays as it was.
//
//   v1  sessions; chunks (one record per column: this build cannot read them)
//   v2  sessions; chunks (one packed buffer with its strings); laps [sessionId, endMs]
//   v3  sessions; chunks; events [sessionId, kind, time, seq] + byTime [sessionId, time]
//       (v2's laps become "lap" events; new kinds need no new version)
//   v4  + summaries [sessionId, t0]: a session's 1-second summary, one record a
//       minute in the chunk codec (the first picture of a restore); older
//       stores are kept as they are, and a session without a summary restores
//       without that picture
import type { LapEvent } from "../../contract/events";
import type { Lap } from "../../contract/laps";
import { toRecord } from "./eventKinds";
import { openRefusal, requestResult } from "./idb";

export const DB_NAME = "helios-sessions";
export const DB_VERSION = 4;
export const SESSIONS = "sessions";
export const CHUNKS = "chunks";
export const EVENTS = "events";
export const SUMMARIES = "summaries";
/** The name of the [sessionId, t1] index on chunks and [sessionId, time] on events. */
export const BY_TIME = "byTime";
/** Every key of a session in a store keyed [sessionId, number, …]. */
export const numberedKeysOf = (id: string) => IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
/** Every key of a session in a store keyed [sessionId, string, …] (an array sorts after any string). */
export const namedKeysOf = (id: string) => IDBKeyRange.bound([id], [id, []]);
/** v2's laps store, moved into events by the upgrade to v3. */
const V2_LAPS = "laps";
const CURRENT_STORES: readonly string[] = [SESSIONS, CHUNKS, EVENTS, SUMMARIES];

/**
 * Opens the session database at DB_VERSION, upgrading an older one. A newer
 * one is left as it is (its build knows what it holds). Our connection closes
 * when a newer build asks to upgrade, so that tab is not kept waiting.
 */
export async function openSessionDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, DB_VERSION);
  request.onupgradeneeded = (event) =>
    upgradeSessionDb(request.result, request.transaction!, event.oldVersion);
  // A tab of an older build that does not close on "versionchange" holds the
  // upgrade up: say so rather than wait, and close the connection if it comes later.
  const blocked = new Promise<never>((_, reject) => {
    request.onblocked = () => reject(openRefusal("upgrade-blocked"));
  });
  let db: IDBDatabase;
  try {
    db = await Promise.race([requestResult(request), blocked]);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === "VersionError")
      throw openRefusal("newer-database");
    request.onsuccess = () => request.result.close();
    throw error;
  }
  db.onversionchange = () => db.close();
  return db;
}

/** Brings the database from `oldVersion` (0: new) to DB_VERSION. */
function upgradeSessionDb(db: IDBDatabase, tx: IDBTransaction, oldVersion: number): void {
  // v1's chunks cannot be decoded, and its session records would list them.
  if (oldVersion < 2)
    for (const name of [SESSIONS, CHUNKS])
      if (db.objectStoreNames.contains(name)) db.deleteObjectStore(name);
  if (!db.objectStoreNames.contains(SESSIONS)) db.createObjectStore(SESSIONS, { keyPath: "id" });
  if (!db.objectStoreNames.contains(CHUNKS)) {
    const chunks = db.createObjectStore(CHUNKS, { keyPath: ["sessionId", "index"] });
    chunks.createIndex(BY_TIME, ["sessionId", "t1"]);
  }
  if (!db.objectStoreNames.contains(EVENTS)) {
    const events = db.createObjectStore(EVENTS, { keyPath: ["sessionId", "kind", "time", "seq"] });
    events.createIndex(BY_TIME, ["sessionId", "time"]);
  }
  if (!db.objectStoreNames.contains(SUMMARIES))
    db.createObjectStore(SUMMARIES, { keyPath: ["sessionId", "t0"] });
  if (db.objectStoreNames.contains(V2_LAPS)) moveLapsToEvents(db, tx);
  // Anything else an older build left behind holds nothing this build reads.
  for (const name of Array.from(db.objectStoreNames))
    if (!CURRENT_STORES.includes(name) && name !== V2_LAPS) db.deleteObjectStore(name);
}

/**
 * Copies v2's laps into events as "lap" events, then deletes the laps store,
 * all in the upgrade's transaction. A record whose key fields are unusable is
 * left out here (it would abort the upgrade); the rest are copied as they are
 * and checked when read, like every event, so damage is counted there.
 */
function moveLapsToEvents(db: IDBDatabase, tx: IDBTransaction): void {
  const read = tx.objectStore(V2_LAPS).getAll();
  read.onsuccess = () => {
    const events = tx.objectStore(EVENTS);
    for (const value of read.result as unknown[]) {
      if (typeof value !== "object" || value === null) continue;
      const { sessionId, ...lap } = value as Lap & { sessionId?: unknown };
      if (typeof sessionId !== "string" || !Number.isFinite(lap.endMs)) continue;
      const event: LapEvent = { kind: "lap", time: lap.endMs / 1000, lap };
      events.put(toRecord(sessionId, event, 0));
    }
    db.deleteObjectStore(V2_LAPS);
  };
}
