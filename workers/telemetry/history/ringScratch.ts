// Scratch arrays for reading a window of a ring that wraps around its end
// (ColumnRing.numericWindow copies such a window into scratch), sized to the
// ring's capacity once and kept as long as the ring lives.
import type { ColumnRing } from "./ColumnRing";

const scratchByRing = new WeakMap<ColumnRing, { x: Float64Array; y: Float64Array }>();

export function scratchFor(ring: ColumnRing): { x: Float64Array; y: Float64Array } {
  let scratch = scratchByRing.get(ring);
  if (!scratch) {
    scratch = { x: new Float64Array(ring.capacity), y: new Float64Array(ring.capacity) };
    scratchByRing.set(ring, scratch);
  }
  return scratch;
}
