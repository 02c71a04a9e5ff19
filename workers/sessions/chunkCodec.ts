// A recording chunk: about one second of packets as the history's columns
// (typed-array slices stored as ArrayBuffers), never one object per packet.
// Decoding checks every field, because what comes back from IndexedDB may be
// from an older build with a different column layout, or damaged.
import type { RowSlices } from "../history/ColumnRing";

export interface ChunkRecord {
  sessionId: string;
  /** 0, 1, 2, … within the session. */
  index: number;
  /** Packet time (epoch seconds) of the first and last row. */
  t0: number;
  t1: number;
  count: number;
  /** Column layout the rows were written with (see layoutKey). */
  layout: string;
  f32: ArrayBuffer;
  f64: ArrayBuffer;
  bools: ArrayBuffer;
}

/** Identifies a column layout: a chunk from another layout is not decoded. */
export function layoutKey(bytesPerRow: number, fieldCount: number): string {
  return `v1:${fieldCount}:${bytesPerRow}`;
}

export function encodeChunk(
  sessionId: string,
  index: number,
  rows: RowSlices,
  t0: number,
  t1: number,
  layout: string,
): ChunkRecord {
  return { sessionId, index, t0, t1, count: rows.count, layout, ...pick(rows) };
}

function pick(rows: RowSlices): Pick<RowSlices, "f32" | "f64" | "bools"> {
  return { f32: rows.f32, f64: rows.f64, bools: rows.bools };
}

export function chunkBytes(chunk: Pick<RowSlices, "f32" | "f64" | "bools">): number {
  return chunk.f32.byteLength + chunk.f64.byteLength + chunk.bools.byteLength;
}

/** The rows of a stored chunk, or null if it is not a chunk of this layout. */
export function decodeChunk(value: unknown, layout: string): RowSlices | null {
  if (typeof value !== "object" || value === null) return null;
  const c = value as Partial<ChunkRecord>;
  if (c.layout !== layout) return null;
  if (!Number.isInteger(c.count) || (c.count as number) < 0) return null;
  if (!(c.f32 instanceof ArrayBuffer && c.f64 instanceof ArrayBuffer)) return null;
  if (!(c.bools instanceof ArrayBuffer)) return null;
  return { count: c.count as number, f32: c.f32, f64: c.f64, bools: c.bools };
}

/** The chunk's metadata without its columns (what the catalogue and seeks need). */
export function isChunkRecord(value: unknown): value is ChunkRecord {
  if (typeof value !== "object" || value === null) return false;
  const c = value as Partial<ChunkRecord>;
  return (
    typeof c.sessionId === "string" &&
    Number.isFinite(c.t0) &&
    Number.isFinite(c.t1) &&
    Number.isInteger(c.index)
  );
}
