// Frees an ArrayBuffer's memory at once, where V8 would free it only at a
// collection it starts once tens of MB of such garbage have piled up (the
// season export's peak, issue 63). ArrayBuffer.prototype.transfer(0) moves
// the bytes into a new empty buffer: the old one is detached and its memory
// given back. Where transfer is missing (Node 20; it is in Chromium 114+,
// Firefox 122+, Safari 17.4+, Node 21+), nothing changes and the collector
// frees it as before.
//
// Only for a buffer nobody reads again: every view of it reads as empty.
type Transferable = ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };

export function releaseBuffer(buffer: ArrayBufferLike): void {
  const transfer = (buffer as Transferable).transfer;
  if (typeof transfer === "function" && buffer.byteLength > 0) transfer.call(buffer, 0);
}
