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
 * A chunk holds about a second of packets (a merged one up to a minute, see
 * sessions/chunkMerge.ts), yet packet time inside one may span more (packets
 * out of order, a late burst): reads and checks allow this.
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
  const chunk: ChunkRecord = {
    sessionId,
    index,
    t0,
    t1,
    count: rows.count,
    layout,
    data: rows.data,
    dict: rows.dict,
  };
  if (rows.bytes !== undefined) chunk.bytes = rows.bytes;
  return chunk;
}

/** A chunk in a pooled buffer (bufferPool.ts) as it is stored: its rows' bytes only. */
export function trimmed(chunk: ChunkRecord): ChunkRecord {
  const { bytes, ...stored } = chunk;
  return bytes === undefined ? chunk : { ...stored, data: chunk.data.slice(0, bytes) };
}

/** Bytes a chunk stores (its buffer and its strings, as UTF-16). */
export function chunkBytes(chunk: Pick<RowSlices, "data" | "dict" | "bytes">): number {
  let bytes = chunk.bytes ?? chunk.data.byteLength;
  for (const s of chunk.dict) bytes += s.length * 2;
  return bytes;
}

/**
 * The builds before math channels stored three Derived.* power columns (Float64,
 * 8 B a row each) after the packet's: their layout named 3 more fields and 24
 * more bytes a row. Those columns are math channels now, computed again on
 * restore, so such chunks are read without them rather than refused.
 */
const DERIVED_COLUMNS = 3;

function layoutWithDerived(layout: string): string | null {
  const match = /^v2:(\d+):(\d+)$/.exec(layout);
  if (!match) return null;
  return layoutKey(Number(match[2]) + DERIVED_COLUMNS * 8, Number(match[1]) + DERIVED_COLUMNS);
}

const HEADER_BYTES = 16;

/**
 * Packed rows without their last DERIVED_COLUMNS Float64 columns (the f64
 * block's last: the derived fields came after every packet field), or null
 * if the buffer is not shaped for that.
 */
function withoutDerived(data: ArrayBuffer, n: number): ArrayBuffer | null {
  if (data.byteLength < HEADER_BYTES) return null;
  const [count, f32At, boolsAt, strAt] = new Uint32Array(data, 0, 4) as unknown as number[];
  const cut = DERIVED_COLUMNS * n * 8;
  if (count !== n || f32At! - cut < HEADER_BYTES || !(f32At! <= boolsAt! && boolsAt! <= strAt!))
    return null;
  if (strAt! > data.byteLength) return null;
  const out = new ArrayBuffer(data.byteLength - cut);
  const bytes = new Uint8Array(out);
  bytes.set(new Uint8Array(data, 0, f32At! - cut), 0);
  bytes.set(new Uint8Array(data, f32At!), f32At! - cut);
  new Uint32Array(out, 0, 4).set([n, f32At! - cut, boolsAt! - cut, strAt! - cut]);
  return out;
}

/** Why chunks are refused before their rows are looked at (the words a user reads). */
export const OTHER_LAYOUT = "written by another version of the app";
const DAMAGED_RECORD = "damaged";

/**
 * The rows of a stored chunk and the span its record gives them, or why it
 * cannot be used: another column layout, or a record missing its parts. The
 * rows themselves are checked by the ring that takes them (their shape and
 * values, as live packets are).
 */
export function readChunk(value: unknown, layout: string): StoredRows | string {
  if (typeof value !== "object" || value === null) return DAMAGED_RECORD;
  const c = value as Partial<ChunkRecord>;
  if (c.layout !== layout && c.layout === layoutWithDerived(layout)) {
    // Recorded by the build before math channels: drop its Derived.* columns.
    const data =
      Number.isInteger(c.count) && c.data instanceof ArrayBuffer
        ? withoutDerived(c.data, c.count as number)
        : null;
    if (data === null) return DAMAGED_RECORD;
    return readChunk({ ...c, layout, data }, layout);
  }
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
