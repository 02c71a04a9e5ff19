// A recording chunk: about one second of packets as the history's columns,
// packed into ONE ArrayBuffer with an offsets header (see RowSlices), plus the
// chunk's string dictionary (Title, Rfid: usually one entry each). Never one
// object per packet, and never one object per column: IndexedDB's cost per
// chunk is one small record and one buffer, so even at 10 packets/s a chunk's
// fixed cost stays small next to the packets' own ingest cost.
// Decoding checks the record, because what comes back from IndexedDB may be
// from an older build with a different column layout, or damaged; the ring
// checks the buffer's shape against its own when the rows are appended.
import type { ChunkRecord, RowSlices, StoredRows } from "../../contract/storageProtocol";

export type { ChunkRecord };

/**
 * A chunk holds about a second of packets, yet packet time inside one may
 * span more (packets out of order, a late burst): reads and checks allow this.
 */
export const CHUNK_SPAN_MAX = 120;

/** Identifies a column layout: a chunk from another layout is not decoded. */
export function layoutKey(bytesPerRow: number, fieldCount: number): string {
  return `v2:${fieldCount}:${bytesPerRow}`;
}

export function encodeChunk(
  sessionId: string,
  index: number,
  rows: RowSlices,
  t0: number,
  t1: number,
  layout: string,
): ChunkRecord {
  return { sessionId, index, t0, t1, count: rows.count, layout, data: rows.data, dict: rows.dict };
}

/** Bytes a chunk stores (its buffer and its strings, as UTF-16). */
export function chunkBytes(chunk: Pick<RowSlices, "data" | "dict">): number {
  let bytes = chunk.data.byteLength;
  for (const s of chunk.dict) bytes += s.length * 2;
  return bytes;
}

/** Why chunks are refused before their rows are looked at (the words a user reads). */
export const OTHER_LAYOUT = "written by another version of the app";
export const DAMAGED_RECORD = "damaged";

/**
 * The rows of a stored chunk and the span its record gives them, or why it
 * cannot be used: another column layout, or a record missing its parts. The
 * rows themselves are checked by the ring that takes them (their shape and
 * values, as live packets are).
 */
export function readChunk(value: unknown, layout: string): StoredRows | string {
  if (typeof value !== "object" || value === null) return DAMAGED_RECORD;
  const c = value as Partial<ChunkRecord>;
  if (c.layout !== layout) return OTHER_LAYOUT;
  if (!Number.isInteger(c.count) || (c.count as number) < 0) return DAMAGED_RECORD;
  if (!(c.data instanceof ArrayBuffer)) return DAMAGED_RECORD;
  if (!Array.isArray(c.dict) || !c.dict.every((s) => typeof s === "string")) return DAMAGED_RECORD;
  const { t0, t1 } = c;
  if (!Number.isFinite(t0) || !Number.isFinite(t1) || (t0 as number) > (t1 as number))
    return DAMAGED_RECORD;
  return { count: c.count as number, data: c.data, dict: c.dict, t0: t0!, t1: t1! };
}

/** The rows of a stored chunk, or null if it is not a usable chunk of this layout. */
export function decodeChunk(value: unknown, layout: string): RowSlices | null {
  const read = readChunk(value, layout);
  return typeof read === "string" ? null : read;
}
