// Issue 58 item 15: a Parquet export of a whole day took 509 MB above the
// core's rest, for it first copied the whole span (twice over, packed and
// unpacked). Written row group by row group from the history, what it holds
// is a row group's copy and the writer's own, whatever the history's length:
// here 100,000 rows (the copy alone held 79 MB), read back whole.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { CsvJobs } from "../../workers/telemetry/service/csvJobs";
import { LAYOUT } from "../../workers/telemetry/features";
import { EVERYTHING, storeOf } from "./csv-helpers";
import { bytesOf, openParquet } from "./parquet-read";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const MB = 1e6;

/**
 * The JS heap and what V8 holds outside it (ArrayBuffers), garbage collected
 * first: twice, as the buffers a collection frees are swept in the background
 * and a loaded machine may count one row group's (13 MB) still held.
 */
function held(): number {
  collect();
  collect();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.external;
}

describe("Parquet export's memory", () => {
  it("stays within one row group's worth above rest for 100,000 rows, and reads back the same", async () => {
    const rows = 100_000;
    const store = storeOf(rows, (p, i) => (p.Battery.PackCurrent = i % 1000));
    const rest = held();
    const jobs = new CsvJobs(LAYOUT);
    const start = jobs.startExport(store, { ...EVERYTHING, format: "parquet" }, "DEMO");
    expect(start).toMatchObject({ ok: true, rows });
    let peak = held();
    // The chunks are the page's (a Blob's bytes are outside V8's heap and external memory).
    const chunks: Blob[] = [];
    for (;;) {
      const chunk = jobs.nextChunk()!;
      chunks.push(chunk.data);
      // Every few chunks (a full collection each time is slow): what is held
      // changes little within a row group of 18 chunks.
      if (chunks.length % 6 === 0 || chunk.done) peak = Math.max(peak, held());
      if (chunk.done) break;
    }
    // Before: the span's ring copy, 79 MB held from the start to the end;
    // now a 13 MB row group and the writer's buffers.
    expect((peak - rest) / MB).toBeLessThan(50);

    const file = await openParquet(await bytesOf(chunks));
    try {
      const [back] = await file.query(
        `SELECT count(*)::INTEGER AS n, sum("Battery.PackCurrent")::DOUBLE AS amps,
                count(*) FILTER (WHERE "B3.BrakeSwitchDigital")::INTEGER AS brakes,
                count(DISTINCT "Pi.Rfid")::INTEGER AS tags FROM ${file.table}`,
      );
      expect(back).toEqual({
        n: rows,
        amps: 100 * ((999 * 1000) / 2),
        brakes: rows / 2,
        tags: rows,
      });
    } finally {
      file.close();
    }
  }, 120_000);
});
