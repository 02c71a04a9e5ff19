// The season export's peak memory (issue 63) is set by what the Parquet
// writer allocates and drops per part, not by what it holds: V8 lets such
// garbage pile up before it collects. hyparquet-writer is patched
// (patches/hyparquet-writer+*.patch, applied by `npm install`) to encode
// pages and Snappy output into buffers it keeps, and to write a typed
// array's numbers as the bytes they are. Unpatched, one part of this test's
// 16,384 rows × every column grew fresh page buffers by 27.5 MB (patched:
// 0.01 MB), and each number was boxed on its way to the page.
import { Session } from "node:inspector/promises";
import { ByteWriter, ParquetWriter } from "hyparquet-writer";
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

  it("writes typed numbers without boxing each one (JS heap)", async () => {
    // One FLOAT and one DOUBLE column, uncompressed: the numbers' own path.
    const floats = Float32Array.from({ length: PART_ROWS }, (_, i) => i / 7);
    const doubles = Float64Array.from({ length: PART_ROWS }, (_, i) => i / 3);
    const writeColumns = () => {
      const writer = new ParquetWriter({
        writer: new ByteWriter(1 << 20),
        schema: [
          { name: "root", num_children: 2 },
          { name: "f", type: "FLOAT", repetition_type: "REQUIRED" },
          { name: "d", type: "DOUBLE", repetition_type: "REQUIRED" },
        ],
        codec: "UNCOMPRESSED",
        statistics: false,
      });
      writer.write({
        columnData: [
          { name: "f", data: floats, encoding: "PLAIN" },
          { name: "d", data: doubles, encoding: "PLAIN" },
        ],
        rowGroupSize: PART_ROWS,
        pageSize: 0,
      });
      void writer.finish();
    };
    writeColumns();
    const session = new Session();
    session.connect();
    try {
      await session.post("HeapProfiler.startSampling", {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      const writes = 10;
      for (let i = 0; i < writes; i++) writeColumns();
      const { profile } = await session.post("HeapProfiler.stopSampling");
      // Each node's selfSize is V8's estimate of all it allocated, scaled from the samples.
      type Node = { selfSize: number; children: Node[] };
      const total = (node: Node): number =>
        node.children.reduce((sum, child) => sum + total(child), node.selfSize);
      // Unpatched 1.2-1.9 MB a write (optimized or not); patched about 80 KB.
      expect(total(profile.head) / writes / 1e3).toBeLessThan(300);
    } finally {
      session.disconnect();
    }
  });
});
