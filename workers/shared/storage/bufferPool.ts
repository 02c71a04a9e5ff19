// Buffers a chunk is packed into and posted in, used again chunk after chunk.
// On some machines memory touched for the first time is what a chunk costs
// most: on the VM of bench/RESULTS.md ("Recording under load, looked at
// again") a fresh 2.4 MB buffer (a 2,000-row chunk) took 6–9 ms to fill and
// a copy of it posted to the storage worker 7–11 ms more, against 0.1 ms to
// fill a buffer already used. A pooled buffer is resizable: it is sized to
// each chunk exactly (what is stored is never padded) and keeps its pages.
// Where resizable buffers are missing (Safari before 16.4), every take is a
// fresh buffer, as before.

/** A resizable buffer (ES2024), typed here: the project's lib is ES2023. */
interface Resizable extends ArrayBuffer {
  readonly resizable: boolean;
  readonly maxByteLength: number;
  resize(byteLength: number): void;
}

/** The largest buffer pooled: a chunk of ~6,000 rows; larger ones are rare (an import, a day built at full speed). */
export const POOLED_MAX_BYTES = 8 << 20;

/**
 * Bytes of free buffers kept for later. A flush may pack many chunks at once
 * (bench:sessions' packets give ~60 of ~73 kB each), all in flight together:
 * kept by count, most of them were new buffers each flush, and a new
 * resizable buffer costs more than a plain one (62 × 73 kB filled in
 * Chromium 150: 16 ms new resizable, 13–14 ms new plain, 1.0–1.1 ms used again).
 */
const KEPT_BYTES = 16 << 20;

const ResizableBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => Resizable;

const canResize = (() => {
  try {
    const probe = new ResizableBuffer(0, { maxByteLength: 8 });
    return probe.resizable === true && typeof probe.resize === "function";
  } catch {
    return false;
  }
})();

/** True for a pooled buffer, which must not be stored as it is (its clone would keep the pool's reserve). */
export function isResizable(buffer: ArrayBufferLike): boolean {
  return (buffer as Resizable).resizable === true;
}

export class BufferPool {
  private readonly free: Resizable[] = [];
  private freeBytes = 0;

  /** A buffer of exactly `bytes`, holding what it held before: fill every byte. Give it back once nobody reads it. */
  take(bytes: number): ArrayBuffer {
    if (!canResize || bytes > POOLED_MAX_BYTES) return new ArrayBuffer(bytes);
    const reused = this.free.pop();
    if (reused) this.freeBytes -= reused.byteLength;
    const buffer = reused ?? new ResizableBuffer(0, { maxByteLength: POOLED_MAX_BYTES });
    buffer.resize(bytes);
    return buffer;
  }

  /** Takes back a buffer from `take` (others, and detached ones, are left to the collector). */
  give(buffer: ArrayBuffer): void {
    const pooled = buffer as Resizable;
    if (!isResizable(pooled) || pooled.maxByteLength !== POOLED_MAX_BYTES) return;
    if (this.freeBytes + pooled.byteLength > KEPT_BYTES || this.free.includes(pooled)) return;
    this.free.push(pooled);
    this.freeBytes += pooled.byteLength;
  }
}
