import { describe, expect, it } from "vitest";
import type { SeriesResult } from "../../workers/contract/series";
import {
  PACK_MAX_VALUES,
  seriesTransferList,
} from "../../workers/telemetry/service/seriesTransfer";

function result(...columns: Float64Array[]): SeriesResult {
  return {
    data: columns,
    from: 0,
    to: 1,
    hasGaps: columns.slice(1).map(() => false),
    units: columns.slice(1).map(() => "V"),
    bucketSeconds: 0,
  };
}

const column = (...values: number[]) => Float64Array.from(values);

/** What the other side receives: a structured clone with the buffers moved. */
function send(results: SeriesResult[]): SeriesResult[] {
  return structuredClone(results, { transfer: seriesTransferList(results) });
}

describe("series answers: how a batch travels between workers", () => {
  it("sends a live refresh's small columns in one buffer, values and gaps intact", () => {
    const x = column(1, 2, 3);
    const batch = [result(x, column(10, NaN, 12)), result(column(5, 6), column(-1, -2))];
    const list = seriesTransferList(batch);
    expect(list).toHaveLength(1);
    const got = structuredClone(batch, { transfer: list });
    expect(got.map((r) => r.data.map((c) => [...c]))).toEqual([
      [
        [1, 2, 3],
        [10, NaN, 12],
      ],
      [
        [5, 6],
        [-1, -2],
      ],
    ]);
    // Every column arrives as a view on the one moved buffer.
    const buffers = new Set(got.flatMap((r) => r.data.map((c) => c.buffer)));
    expect(buffers.size).toBe(1);
  });

  it("keeps a column shared by several plots shared, and copies it once", () => {
    const time = column(1, 2);
    const batch = [result(time, column(3, 4)), result(time, column(5, 6))];
    const got = send(batch);
    expect(got[0]!.data[0]!.byteOffset).toBe(got[1]!.data[0]!.byteOffset);
    expect(got[0]!.data[0]!.buffer.byteLength).toBe(6 * 8);
  });

  it("moves a large answer (a whole window) column by column, without copying", () => {
    const big = new Float64Array(PACK_MAX_VALUES).fill(7);
    const x = new Float64Array(PACK_MAX_VALUES).fill(1);
    const batch = [result(x, big)];
    const list = seriesTransferList(batch);
    expect(list).toEqual([x.buffer, big.buffer]);
    expect(batch[0]!.data[1]).toBe(big);
    const got = structuredClone(batch, { transfer: list });
    expect(got[0]!.data[1]![PACK_MAX_VALUES - 1]).toBe(7);
    expect(big.length).toBe(0); // moved: the sender's column is detached
  });

  it("sends an empty batch and plots without points", () => {
    expect(send([])).toEqual([]);
    const got = send([result(column(), column())]);
    expect(got[0]!.data.map((c) => c.length)).toEqual([0, 0]);
  });
});
