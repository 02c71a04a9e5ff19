// The season export's peak memory (issue 63) is set by what the Parquet
// writer allocates and drops per part, not by what it holds: V8 lets such
// garbage pile up before it collects. hyparquet-writer is patched
// (patches/hyparquet-writer+*.patch, applied by `npm install`) to encode
// pages and Snappy output into buffers it keeps, and to write a typed
// array's numbers as the bytes they are. Unpatched, one part of this test's
// 16,384 rows × every column grew fresh page buffers by 27.5 MB and
// allocated 53 MB of JS heap (each number boxed on its way to the page);
// patched, 0.01 MB and 29 MB.
import { Session } from "node:inspector/promises";
import { ByteWriter } from "hyparquet-writer";
import { afterEach, describe, expect, it } from "vitest";
import { ParquetExporter } from "../../workers/telemetry/parquet/ParquetExporter";
import { EVERYTHING, storeOf } from "./csv-helpers";

const MB = 1e6;
const PART_ROWS = 16_384;
const REQUEST = { ...EVERYTHING, format: "parquet" } as const;
// A tag read now and then, as on the car (every row a new one would make the
// strings, not the numbers, most of the work).
const store = storeOf(PART_ROWS, (p, i) => {
  p.Battery.PackCurrent = (i % 977) / 8;
  p.Pi.Rfid = `TAG-${Math.floor(i / 600)}`;
});

/** One season part, written whole: its bytes. */
function writePart(): number {
  const exporter = new ParquetExporter(store.ring, REQUEST, "DEMO", {}, true);
  let bytes = 0;
  while (!exporter.done) bytes += exporter.nextChunk().byteLength;
  return bytes;
}

const ensure = Object.getOwnPropertyDescriptor(ByteWriter.prototype, "ensure")!;
afterEach(() => Object.defineProperty(ByteWriter.prototype, "ensure", ensure));

describe("writing one season part (16,384 rows × every column)", () => {
  it("grows no fresh buffer for its pages once warm", () => {
    writePart(); // the kept buffers reach their size
    let grown = 0;
    Object.defineProperty(ByteWriter.prototype, "ensure", {
      ...ensure,
      value(this: ByteWriter, size: number) {
        const before = this.buffer;
        ensure.value.call(this, size);
        if (this.buffer !== before) grown += this.buffer.byteLength;
      },
    });
    expect(writePart()).toBeGreaterThan(100_000);
    expect(grown / MB).toBeLessThan(1);
  });

  it("allocates well under the JS heap it did unpatched", async () => {
    for (let i = 0; i < 3; i++) writePart(); // optimized, as a long export is
    const session = new Session();
    session.connect();
    try {
      await session.post("HeapProfiler.startSampling", {
        samplingInterval: 8192,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      const parts = 3;
      for (let i = 0; i < parts; i++) writePart();
      const { profile } = await session.post("HeapProfiler.stopSampling");
      // Each node's selfSize is V8's estimate of all it allocated, scaled from the samples.
      type Node = { selfSize: number; children: Node[] };
      const total = (node: Node): number =>
        node.children.reduce((sum, child) => sum + total(child), node.selfSize);
      const allocated = total(profile.head);
      expect(allocated / parts / MB).toBeLessThan(42);
    } finally {
      session.disconnect();
    }
  });
});
