// Rows read back from the recordings pass the checks live packets pass
// before they enter a history (restore or replay): a chunk of the ring's
// shape, every packet value a finite number, row times within the span its
// record gives. A chunk that fails is dropped whole (its other values are
// suspect too, as with a live packet), counted by reason, and the user is
// told which session lost how many and why.
import type { ChunksRead, RowSlices } from "../../contract/storageProtocol";
import type { ColumnRing } from "../history/ColumnRing";
import { NUMERIC_FIELDS } from "../schema/fields";
import { CHUNK_SPAN_MAX } from "../../shared/storage/chunkCodec";

interface CheckedRows {
  rows: RowSlices[];
  /** Chunks left out, by reason (the storage worker's and the ring's). */
  dropped: Record<string, number>;
}

export function checkStoredRows(ring: ColumnRing, read: ChunksRead): CheckedRows {
  const dropped = { ...read.refused };
  const rows: RowSlices[] = [];
  for (const chunk of read.chunks) {
    const why = ring.checkRows(
      chunk,
      chunk.t0 - CHUNK_SPAN_MAX,
      chunk.t1 + CHUNK_SPAN_MAX,
      NUMERIC_FIELDS.length,
    );
    if (why === null) rows.push({ count: chunk.count, data: chunk.data, dict: chunk.dict });
    else dropped[why] = (dropped[why] ?? 0) + 1;
  }
  return { rows, dropped };
}

/** What a user reads about dropped chunks, or null when none were. `what`: "restored", "replayed". */
export function describeDropped(
  sessionName: string,
  dropped: Record<string, number>,
  what: string,
): string | null {
  const parts = Object.entries(dropped).filter(([, n]) => n > 0);
  const total = parts.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const reasons = parts.map(([why, n]) => `${n.toLocaleString("en-US")} ${why}`).join(", ");
  const chunks =
    total === 1
      ? "1 recorded chunk (up to a minute of data) was"
      : `${total.toLocaleString("en-US")} recorded chunks (up to a minute of data each) were`;
  return `Session "${sessionName.slice(0, 80)}": ${chunks} not ${what} because the stored data failed its checks (${reasons}).`;
}
