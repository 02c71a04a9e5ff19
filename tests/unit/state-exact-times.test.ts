// A timeline's hover and click over a long window: the marks are drawn from
// buckets, and their times are read again from every packet (exactRun.ts),
// here against the telemetry worker's own store.
import { describe, expect, it } from "vitest";
import type { StateRow } from "../../workers/contract/renderProtocol";
import { forEachRun } from "../../workers/shared/plots/stateRows";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";
import { edgeWindows, exactRun, ExactRuns } from "../../src/panels/Plots/exactRun";

const FIELD = "BatteryFaults.Errors.WeakCellFault";
const T0 = 1_000_000;
const flag: StateRow = {
  column: 1,
  kind: "flag",
  bit: null,
  label: "Weak Cell Fault",
  tone: "fault",
};

/** A 9-hour day at 10 packets/s with the fault set on the packets `set` says. */
function day(set: (i: number) => boolean): TelemetryStore {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 400_000 });
  const time = LAYOUT.storedFieldSlot("TimeStamp")!.index;
  const fault = LAYOUT.storedFieldSlot(FIELD)!;
  for (let i = 0; i < 9 * 36_000; i++) {
    const row = store.ring.claimSlot();
    store.ring.setNumber(row, time, T0 + i / 10);
    // Only the fault among its word's 32 flags: set or clear.
    store.ring.setBoolWord(row, fault.index >>> 5, set(i) ? (1 << (fault.index & 31)) >>> 0 : 0);
  }
  return store;
}

/** The set runs a 600 px "Today"-like plot draws, and its bucket width. */
function marks(store: TelemetryStore) {
  const result = store.series({
    fields: [FIELD],
    from: null,
    to: null,
    points: 300,
    units: "metric",
    states: true,
  });
  const runs: { from: number; to: number; state: number }[] = [];
  forEachRun(result.data[0]!, result.data[1]!, flag, (from, to, state) => {
    if (state === 1) runs.push({ from, to, state });
  });
  return { runs, bucketSeconds: result.bucketSeconds };
}

const exactOf = (store: TelemetryStore) =>
  new ExactRuns((request) => Promise.resolve(store.series(request)), [FIELD]);

describe("a bucketed mark's exact times", () => {
  it("a fault one packet long: its packet's time and a tenth of a second, where the buckets say minutes", async () => {
    const store = day((i) => i === 123_457);
    const { runs, bucketSeconds } = marks(store);
    expect(bucketSeconds).toBeGreaterThan(60);
    expect(runs).toHaveLength(1);
    const exact = exactOf(store);
    const pick = { row: flag, ...runs[0]! };
    expect(exact.known(pick, bucketSeconds)).toBeUndefined();
    const run = await exact.ask(pick, bucketSeconds);
    expect(run).not.toBeNull();
    expect(run!.from).toBeCloseTo(T0 + 12_345.7, 3);
    expect(run!.to - run!.from).toBeCloseTo(0.1, 3);
    expect(run!.times).toBe(1);
    expect(exact.known(pick, bucketSeconds)).toEqual(run);
  });

  it("a fault of two hours: both edges exact, from a window around each", async () => {
    const store = day((i) => i >= 100_003 && i < 172_011);
    const { runs, bucketSeconds } = marks(store);
    expect(runs).toHaveLength(1);
    expect(edgeWindows(runs[0]!, bucketSeconds)).toHaveLength(2);
    const run = await exactOf(store).ask({ row: flag, ...runs[0]! }, bucketSeconds);
    expect(run!.from).toBeCloseTo(T0 + 10_000.3, 3);
    expect(run!.to).toBeCloseTo(T0 + 17_201.1, 3);
    expect(run!.times).toBe(1);
  });

  it("a mark that covers three short faults says so, from the first to the last", async () => {
    const store = day((i) => i === 200_000 || i === 200_050 || (i >= 200_090 && i < 200_095));
    const { runs, bucketSeconds } = marks(store);
    expect(runs).toHaveLength(1);
    const run = await exactOf(store).ask({ row: flag, ...runs[0]! }, bucketSeconds);
    expect(run).toEqual({
      from: expect.closeTo(T0 + 20_000, 3),
      to: expect.closeTo(T0 + 20_009.5, 3),
      times: 3,
    });
  });

  it("packets that no longer hold the state give no exact run (the tooltip stays approximate)", () => {
    expect(exactRun([{ xs: [1, 2, 3], ys: [0, 0, 0] }], flag, 1)).toBeNull();
  });
});
