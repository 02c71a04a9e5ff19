// Sessions recorded by the build before math channels carry three Derived.*
// power columns after the packet's (Float64) and name a layout with them. A
// restore or replay reads them without those columns (the channels are
// computed again) instead of refusing them as another version's.
import { describe, expect, it } from "vitest";
import { readChunk, OTHER_LAYOUT } from "../../workers/shared/storage/chunkCodec";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { storeOf } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

/** The chunk as the earlier build stored it: 3 more Float64 columns at the end of the f64 block. */
function asEarlierBuild(store: TelemetryStore, n: number) {
  const rows = store.ring.exportRows(store.ring.length - n, n);
  const [, f32At, boolsAt, strAt] = new Uint32Array(rows.data, 0, 4) as unknown as number[];
  const extra = 3 * n * 8;
  const data = new ArrayBuffer(rows.data.byteLength + extra);
  const bytes = new Uint8Array(data);
  bytes.set(new Uint8Array(rows.data, 0, f32At!), 0);
  new Float64Array(data, f32At!, 3 * n).fill(1234.5); // the old derived powers
  bytes.set(new Uint8Array(rows.data, f32At!), f32At! + extra);
  new Uint32Array(data, 0, 4).set([n, f32At! + extra, boolsAt! + extra, strAt! + extra]);
  const [, fields, perRow] = store.chunkLayout.split(":");
  const layout = `v2:${Number(fields) + 3}:${Number(perRow) + 24}`;
  return {
    rows,
    record: { sessionId: "s", index: 0, t0: 0, t1: 2e9, count: n, layout, data, dict: rows.dict },
  };
}

describe("chunks recorded before math channels", () => {
  it("are read without their Derived.* columns, row for row as this build stores them", () => {
    const source = storeOf(20);
    const { rows, record } = asEarlierBuild(source, 20);
    const read = readChunk(record, source.chunkLayout);
    expect(typeof read).not.toBe("string");
    if (typeof read === "string") return;
    expect(new Uint8Array(read.data)).toEqual(new Uint8Array(rows.data));
    const restored = new TelemetryStore({ layout: LAYOUT, capacity: 32 });
    expect(restored.ring.appendRows(read)).toBe(true);
    for (const field of [0, 10, 100])
      expect(restored.ring.number(19, field)).toBe(source.ring.number(19, field));
  });

  it("another layout is still refused, and a damaged old one is called damaged", () => {
    const source = storeOf(5);
    const { record } = asEarlierBuild(source, 5);
    expect(readChunk({ ...record, layout: "v2:1:8" }, source.chunkLayout)).toBe(OTHER_LAYOUT);
    expect(readChunk({ ...record, data: new ArrayBuffer(8) }, source.chunkLayout)).toBe("damaged");
  });
});
