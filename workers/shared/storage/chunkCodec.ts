// A recording chunk: about one second of packets as the history's columns,
// packed into ONE ArrayBuffer with an offsets header (see RowSlices), plus the
// chunk's string dictionary (Title, Rfid: usually one entry each). Never one
// object per packet, and never one object per column: IndexedDB's cost per
// chunk is one small record and one buffer, so even at 10 packets/s a chunk's
// fixed cost stays small next to the packets' own ingest cost.
// Decoding checks the record, because what comes back from IndexedDB may be
// from an older build with a different column layout, or damaged; the ring
// checks the buffer's shape against its own when the rows are appended.
import type { ChunkRecord, RowSlices } from "../../contract/storageProtocol";

export type { ChunkRecord };

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

/** The rows of a stored chunk, or null if it is not a chunk of this layout. */
export function decodeChunk(value: unknown, layout: string): RowSlices | null {
  if (typeof value !== "object" || value === null) return null;
  const c = value as Partial<ChunkRecord>;
  if (c.layout !== layout) return null;
  if (!Number.isInteger(c.count) || (c.count as number) < 0) return null;
  if (!(c.data instanceof ArrayBuffer)) return null;
  if (!Array.isArray(c.dict) || !c.dict.every((s) => typeof s === "string")) return null;
  return { count: c.count as number, data: c.data, dict: c.dict };
}
