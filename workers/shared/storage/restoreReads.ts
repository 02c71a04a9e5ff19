// The reads of a restore after a reload, in pieces that stay small (docs/
// architecture.md "Restore after a reload"). A day is 324,000 rows, about
// 238 MB of chunk buffers: read as one getAll it sat on top of the live
// history and went over the page's memory budget. So:
//   - the summary (one row a second, a record a minute) is read first, as one
//     read of about a tenth of the rows, for the first picture;
//   - planRestore finds where the newest rows the history can hold begin,
//     from the totals each chunk carries, a handful of single-record reads;
//   - readSlice reads the chunks from there a slice at a time, so the caller
//     holds at most one slice of buffers besides the history itself.
import type { SessionInfo } from "../../contract/sessions";
import type {
  ChunkRecord,
  ChunksRead,
  ChunksSlice,
  RestorePlan,
  StoredRows,
} from "../../contract/storageProtocol";
import { readChunk, trimmed } from "./chunkCodec";
import { requestResult, transactionDone } from "./idb";
import { numberedKeysOf } from "./schema";
import { CHUNKS, SUMMARIES } from "./schema";

/** Drops whole chunks from the front while the rest still hold `maxRows` rows. */
export function trimOldest(rows: StoredRows[], maxRows: number): StoredRows[] {
  let total = rows.reduce((sum, r) => sum + r.count, 0);
  let start = 0;
  while (start < rows.length - 1 && total - rows[start]!.count >= maxRows)
    total -= rows[start++]!.count;
  return rows.slice(start);
}

/** Decodes stored chunk records, counting the refused ones by reason. */
export function readChunks(
  values: readonly unknown[],
  layout: string,
  keep = (_: unknown) => true,
) {
  const read: ChunksRead = { chunks: [], refused: {} };
  for (const value of values) {
    if (!keep(value)) continue;
    const chunk = readChunk(value, layout);
    if (typeof chunk === "string") read.refused[chunk] = (read.refused[chunk] ?? 0) + 1;
    else read.chunks.push(chunk);
  }
  return read;
}

/**
 * Stores summary records (the chunk codec; keyed [sessionId, t0]) in one
 * transaction: a flush of packets whose times span many minutes (a demo day
 * built at full speed, an import) completes a record per minute at once.
 */
export async function appendSummaries(
  db: IDBDatabase,
  records: readonly ChunkRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const tx = db.transaction(SUMMARIES, "readwrite");
  const store = tx.objectStore(SUMMARIES);
  // A record in a pooled buffer (the recorder's) is stored without the buffer's spare bytes.
  for (const record of records) store.put(trimmed(record));
  await transactionDone(tx);
}

/**
 * The summary rows of a session from packet time `from` on (where the full
 * restore starts: the preview shows no more than the history will hold), the
 * newest `maxRows` of them at most, oldest first (none: no summary).
 */
export async function readSummary(
  db: IDBDatabase,
  layout: string,
  session: SessionInfo,
  from: number,
  maxRows: number,
): Promise<ChunksRead> {
  const tx = db.transaction(SUMMARIES, "readonly");
  // A record holds one minute: the one under way at `from` starts up to a minute before.
  const start = Number.isFinite(from) ? from - 60 : -Infinity;
  const range = IDBKeyRange.bound([session.id, start], [session.id, Infinity]);
  const values = await requestResult(tx.objectStore(SUMMARIES).getAll(range));
  const read = readChunks(values, layout);
  read.chunks = trimOldest(read.chunks, maxRows);
  return read;
}

/** Chunk `key`: its packet time, and the packets stored before it (its totals less its rows). */
async function chunkAt(db: IDBDatabase, key: IDBValidKey) {
  const tx = db.transaction(CHUNKS, "readonly");
  const value = (await requestResult(tx.objectStore(CHUNKS).get(key))) as
    Partial<ChunkRecord> | undefined;
  const packets = value?.totals?.packets;
  const count = value?.count;
  const known = Number.isFinite(packets) && Number.isInteger(count);
  return {
    t0: Number.isFinite(value?.t0) ? (value!.t0 as number) : null,
    t1: Number.isFinite(value?.t1) ? (value!.t1 as number) : null,
    count: Number.isInteger(count) ? (count as number) : 0,
    before: known ? (packets as number) - (count as number) : null,
  };
}

/**
 * The first chunk of the smallest run of newest chunks that holds `maxRows`
 * rows (all of them when the session holds fewer), and its packet time.
 * Each chunk's totals count the session's packets up to it, so a binary
 * search over the stored keys finds it in about log2(chunks) reads of one
 * record. A chunk without totals (damaged, or an early build's) falls back
 * to the average rows per chunk, with some to spare.
 */
export async function planRestore(
  db: IDBDatabase,
  session: SessionInfo,
  maxRows: number,
): Promise<RestorePlan> {
  const keysTx = db.transaction(CHUNKS, "readonly");
  const keys = (await requestResult(
    keysTx.objectStore(CHUNKS).getAllKeys(numberedKeysOf(session.id)),
  )) as [string, number][];
  if (keys.length === 0) return { from: 0, rows: 0, t0: null };
  const estimate = async (): Promise<RestorePlan> => {
    const perChunk = Math.max(1, (Number(session.packets) || 0) / keys.length);
    const first = Math.max(0, keys.length - Math.ceil(maxRows / perChunk) - 2);
    const { t0 } = await chunkAt(db, keys[first]!);
    return { from: keys[first]![1], rows: Math.ceil((keys.length - first) * perChunk), t0 };
  };
  const last = await chunkAt(db, keys[keys.length - 1]!);
  if (last.before === null) return estimate();
  const total = last.before + last.count;
  // Largest position whose chunks to the end still hold maxRows rows.
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const { before } = await chunkAt(db, keys[mid]!);
    if (before === null) return estimate();
    if (total - before >= maxRows) lo = mid;
    else hi = mid - 1;
  }
  const first = await chunkAt(db, keys[lo]!);
  const before = lo === 0 ? 0 : (first.before ?? 0);
  const rows = Math.max(0, total - before);
  return { from: keys[lo]![1], rows, t0: firstKeptTime(first, rows - maxRows) };
}

/**
 * About when the rows kept of a chunk begin, when its first `dropped` rows
 * are not (the history holds fewer): a merged chunk spans a minute, and a
 * restore's preview should not show a minute more than the history holds.
 */
function firstKeptTime(
  chunk: { t0: number | null; t1: number | null; count: number },
  dropped: number,
) {
  const { t0, t1, count } = chunk;
  if (t0 === null || t1 === null || !(dropped > 0) || count <= 1) return t0;
  return t0 + ((t1 - t0) * Math.min(dropped, count - 1)) / (count - 1);
}

/**
 * Chunks of a session from index `from` on, holding about `maxRows` rows
 * (at least one chunk), oldest first, and the index to read next. The
 * indexes asked for come from the session's average rows per index: a
 * merged record (chunkMerge.ts) holds the rows of every index it replaced,
 * so a range of indexes holds about as many rows whether merged or not.
 * Should they hold more (a session of uneven chunks), the slice is cut at
 * `maxRows` and the rest is read next time.
 */
export async function readSlice(
  db: IDBDatabase,
  layout: string,
  session: SessionInfo,
  from: number,
  maxRows: number,
): Promise<ChunksSlice> {
  const perIndex = Math.max(1, (Number(session.packets) || 0) / Math.max(1, session.chunks));
  const upTo = from + Math.max(1, Math.ceil(maxRows / perIndex)) - 1;
  const tx = db.transaction(CHUNKS, "readonly");
  const store = tx.objectStore(CHUNKS);
  const read = (range: IDBKeyRange, count?: number) =>
    Promise.all([
      requestResult(store.getAllKeys(range, count)) as Promise<[string, number][]>,
      requestResult(store.getAll(range, count)),
    ]);
  let [keys, values] = await read(IDBKeyRange.bound([session.id, from], [session.id, upTo]));
  // No record ends in the range: the next one holds it (a merged record, or a gap).
  if (values.length === 0)
    [keys, values] = await read(IDBKeyRange.bound([session.id, from], [session.id, Infinity]), 1);
  let rows = 0;
  let kept = 0;
  while (kept < values.length) {
    const n = (values[kept] as Partial<ChunkRecord> | null)?.count;
    const size = Number.isInteger(n) ? (n as number) : 0;
    if (kept > 0 && rows + size > maxRows) break;
    rows += size;
    kept++;
  }
  const chunks = readChunks(values.slice(0, kept), layout);
  // The read after the last finds nothing: the session's record may lag its chunks.
  return { ...chunks, next: kept > 0 ? keys[kept - 1]![1] + 1 : null };
}
