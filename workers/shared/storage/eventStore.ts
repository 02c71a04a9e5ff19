// Writes and reads of the "events" store (SessionDb's appendEvents and
// readEvents). Events are rare next to packets (a lap every few minutes, an
// alert now and then), so clarity wins over batching tricks here.
import type { EventQuery, EventsRead, SessionEvent } from "../../contract/events";
import { fromRecord, isKeyable, isOnePerTime, toRecord } from "./eventKinds";
import { requestResult, transactionDone } from "./idb";
import { BY_TIME, EVENTS } from "./schema";

/**
 * Stores events of a session in one transaction. An event of a one-per-time
 * kind (a lap) replaces the stored one of the same kind and time; any other
 * is added after the events already stored at its kind and time, so two
 * alerts of one packet are both kept, in the order they were appended.
 */
export async function appendEvents(
  db: IDBDatabase,
  sessionId: string,
  events: readonly SessionEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const tx = db.transaction(EVENTS, "readwrite");
  const store = tx.objectStore(EVENTS);
  // Events of one kind and time in this batch share one look-up of the last seq.
  const added = new Map<string, SessionEvent[]>();
  for (const event of events) {
    // The recorder has said it already (Recorder.recordEvents); here it only must not abort the rest.
    if (!isKeyable(event)) continue;
    if (isOnePerTime(event.kind)) {
      store.put(toRecord(sessionId, event, 0));
      continue;
    }
    const at = `${event.kind}\u0000${event.time}`;
    const group = added.get(at);
    if (group) group.push(event);
    else added.set(at, [event]);
  }
  for (const group of added.values()) {
    const { kind, time } = group[0]!;
    const range = IDBKeyRange.bound([sessionId, kind, time], [sessionId, kind, time, Infinity]);
    // Callbacks, not promises: the transaction must still be active when the puts are made.
    const last = store.openKeyCursor(range, "prev");
    last.onsuccess = () => {
      const key = last.result?.primaryKey as [string, string, number, number] | undefined;
      const next = key ? key[3] + 1 : 0;
      group.forEach((event, i) => store.put(toRecord(sessionId, event, next + i)));
    };
  }
  await transactionDone(tx);
}

/**
 * A session's events between `from` and `to` (inclusive, packet time), of the
 * kinds asked (every kind when none), oldest first. Each kind asked is one key
 * range; every kind is one range on the [sessionId, time] index. A record that
 * fails its kind's check is dropped and counted.
 */
export async function readEvents(
  db: IDBDatabase,
  sessionId: string,
  { kinds, from = -Infinity, to = Infinity }: EventQuery,
): Promise<EventsRead> {
  if (!(from <= to)) return { events: [], dropped: 0 };
  const tx = db.transaction(EVENTS, "readonly");
  const store = tx.objectStore(EVENTS);
  const reads: Promise<unknown[]>[] = kinds
    ? [...new Set(kinds)].map((kind) =>
        requestResult(
          store.getAll(IDBKeyRange.bound([sessionId, kind, from], [sessionId, kind, to, Infinity])),
        ),
      )
    : [
        requestResult(
          store.index(BY_TIME).getAll(IDBKeyRange.bound([sessionId, from], [sessionId, to])),
        ),
      ];
  const records = (await Promise.all(reads)).flat();
  const events: SessionEvent[] = [];
  for (const record of records) {
    const event = fromRecord(record);
    if (event) events.push(event);
  }
  // Several kinds come back kind by kind: a stable sort by time interleaves them.
  if (reads.length > 1) events.sort((a, b) => a.time - b.time);
  return { events, dropped: records.length - events.length };
}
