// Buffers a chunk is packed into and posted in, used again chunk after chunk.
// On some machines memory touched for the first time is what a chunk costs
// most: on the VM of bench/RESULTS.md ("Recording under load, looked at
// again") a fresh 2.4 MB buffer (a 2,000-row chunk) took 6–9 ms to fill and
// a copy of it posted to the storage worker 7–11 ms more, against 0.1 ms to
// fill a buffer already used.
//
// A pooled buffer has a fixed size (a power of two), usually more than the
// chunk's rows: the rows fill its first bytes (`bytes` on RowSlices and
// ChunkRecord), and only those are stored (SessionDb.appendChunk trims).
// Resizable buffers sized to each chunk were tried first: shrinking one
// gives its pages back, so growing it again touches fresh memory (62 chunks
// of 3.6 or 73 kB filled in Chromium 150: 4.8–5.0 ms resized, 0.2 ms in
// fixed buffers used again, 6.9–7.3 ms fresh).

/** The smallest and largest sizes pooled; a larger chunk is rare (an import, a day built at full speed). */
const SMALLEST = 4 << 10;
export const POOLED_MAX_BYTES = 8 << 20;

/**
 * Bytes of free buffers kept for later. A flush may pack many chunks at once
 * (bench:sessions' packets give ~60 of ~73 kB each), all in flight together,
 * so a few buffers kept would leave most of a flush's new each time.
 */
const KEPT_BYTES = 16 << 20;

/** The pooled size for `bytes`: the next power of two, at least SMALLEST. */
function sizeFor(bytes: number): number {
  let size = SMALLEST;
  while (size < bytes) size *= 2;
  return size;
}

export class BufferPool {
  /** Free buffers by size. */
  private readonly free = new Map<number, ArrayBuffer[]>();
  private freeBytes = 0;

  /**
   * A buffer of at least `bytes`, holding whatever it held before: write
   * every byte up to `bytes`. Give it back once nobody reads it.
   */
  take(bytes: number): ArrayBuffer {
    if (bytes > POOLED_MAX_BYTES) return new ArrayBuffer(bytes);
    const size = sizeFor(bytes);
    const reused = this.free.get(size)?.pop();
    if (!reused) return new ArrayBuffer(size);
    this.freeBytes -= size;
    return reused;
  }

  /** Takes back a buffer from `take` (others, and moved-away ones, are left to the collector). */
  give(buffer: ArrayBuffer): void {
    const size = buffer.byteLength;
    if (size > POOLED_MAX_BYTES || size !== sizeFor(size)) return;
    if (this.freeBytes + size > KEPT_BYTES) return;
    const list = this.free.get(size) ?? [];
    if (list.includes(buffer)) return;
    list.push(buffer);
    this.free.set(size, list);
    this.freeBytes += size;
  }
}
