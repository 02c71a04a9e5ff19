// What the recorder really stored, read straight from the browser's
// IndexedDB (not through the app, whose own reading is what a bug could
// hide): each session record with the packet times of its chunks' rows, and
// the chunks whose session has no record. Used by the several-windows tests
// (issue 38) to check that one car's packets are stored once each, in order.
import type { Page } from "@playwright/test";
import { NUMERIC_FIELDS } from "../../workers/telemetry/schema/fields";
import { needsFloat64 } from "../../workers/telemetry/history/precision";

/**
 * Where the packet time sits in a chunk's packed rows: the Float64 columns
 * come first (after a 16-byte header), one after another, in field order
 * (workers/telemetry/history/ColumnRing.ts), and TimeStamp is one of them.
 */
const TIME_COLUMN = NUMERIC_FIELDS.slice(0, NUMERIC_FIELDS.indexOf("TimeStamp")).filter(
  needsFloat64,
).length;

export interface RecordedSession {
  id: string;
  source: string;
  /** Rows in the session's chunks, and their packet times in chunk order. */
  rows: number;
  times: number[];
}

export interface Recording {
  sessions: RecordedSession[];
  /** Session ids that have chunks but no session record. */
  orphanChunkSessions: string[];
}

/** The recording as stored now (empty before the app has created its database). */
export function readRecording(page: Page): Promise<Recording> {
  return page.evaluate(async (timeColumn) => {
    const known = await indexedDB.databases();
    if (!known.some((d) => d.name === "helios-sessions"))
      return { sessions: [], orphanChunkSessions: [] };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("helios-sessions");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    type Chunk = { sessionId: string; index: number; count: number; data: ArrayBuffer };
    const records = await all<{ id: string; source: string }>("sessions");
    const chunks = await all<Chunk>("chunks");
    db.close();
    const sessions = records.map((record) => {
      const own = chunks.filter((c) => c.sessionId === record.id).sort((a, b) => a.index - b.index);
      const times: number[] = [];
      for (const c of own)
        times.push(...new Float64Array(c.data, 16 + timeColumn * c.count * 8, c.count));
      return { id: record.id, source: record.source, rows: times.length, times };
    });
    const ids = new Set(records.map((r) => r.id));
    const orphanChunkSessions = [...new Set(chunks.map((c) => c.sessionId))].filter(
      (id) => !ids.has(id),
    );
    return { sessions, orphanChunkSessions };
  }, TIME_COLUMN);
}

/**
 * Where packet times break "each packet once, in order" for a car sending
 * every `intervalS` seconds: a time not after the one before (a duplicate or
 * another car's packet), or a step over 1.5 intervals (packets missing).
 * TimeStamps carry milliseconds, so a step is the interval ± 1 ms.
 */
export function orderBreaks(times: readonly number[], intervalS: number): string[] {
  const breaks: string[] = [];
  for (let i = 1; i < times.length; i++) {
    const step = times[i]! - times[i - 1]!;
    if (step <= 0) breaks.push(`row ${i}: ${times[i]} is not after ${times[i - 1]}`);
    else if (step > intervalS * 1.5)
      breaks.push(`row ${i}: ${Math.round(step / intervalS) - 1} packets missing before it`);
  }
  return breaks;
}

/** The Overview's "Accepted: N": the packets the page's telemetry core accepted. */
export async function acceptedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId("accepted-count").textContent()) ?? "";
  const match = /Accepted:\s*([\d,]+)/.exec(text);
  if (!match) throw new Error(`no accepted count in "${text}"`);
  return Number(match[1]!.replace(/,/g, ""));
}
