// The "Today" window in the telemetry worker: where the day begins in the
// history (local midnight, or the first packet after a pause of more than
// 4 hours), requests clamped to it on a grid that holds until the day's span
// steps up, and a minute's zoom answered with every sample.
import { describe, expect, it, vi } from "vitest";
import type { SeriesRequest, SeriesResult } from "../../workers/contract/series";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { DAY_GAP_SECONDS, todayStart } from "../../workers/telemetry/store/todayStart";
import { mergeTail } from "../../workers/shared/plots/liveWindow";
import { tailStart } from "../../workers/shared/plots/liveTail";
import { todaySpanSeconds } from "../../workers/shared/plots/todayWindow";
import { LAYOUT } from "../../workers/telemetry/features";

const TIME = LAYOUT.storedFieldSlot("TimeStamp")!.index;
const FIELD = "Battery.PackVoltage";
const VOLTS = LAYOUT.storedFieldSlot(FIELD)!.index;

/** Epoch seconds of a local time on 15 January 2026 (day 0) or a day later. */
const at = (hours: number, minutes = 0, seconds = 0, day = 0): number =>
  new Date(2026, 0, 15 + day, hours, minutes, seconds).getTime() / 1000;

const voltage = (t: number): number => 100 + Math.sin(t / 7) * 5 + (t % 3);

/** Appends rows at `times` (packet time) with a voltage that moves. */
function write(store: TelemetryStore, times: Iterable<number>): void {
  for (const t of times) {
    const slot = store.ring.claimSlot();
    store.ring.setNumber(slot, TIME, t);
    store.ring.setNumber(slot, VOLTS, voltage(t));
  }
}

/** Times from `from` up to (not including) `to`, `step` seconds apart. */
function* every(from: number, to: number, step: number): Generator<number> {
  for (let i = 0; from + i * step < to - 1e-9; i++) yield Math.round((from + i * step) * 10) / 10;
}

const today = (extra: Partial<SeriesRequest> = {}): SeriesRequest => ({
  fields: [FIELD],
  from: null,
  to: null,
  points: 400,
  units: "metric",
  today: true,
  ...extra,
});

describe("where Today begins", () => {
  it("at local midnight when packets ran on through the night", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4000 });
    write(store, every(at(18, 0, 0, -1), at(10), 60)); // a packet a minute since yesterday 18:00
    expect(todayStart(store.ring)).toBe(at(0));
  });

  it("at midnight on the clock the window shows times on (Settings → Show times in)", () => {
    // A packet a minute from 04:00 to 16:00 UTC on 01/15/2026: past midnight
    // in Chicago (06:00 UTC) and Kolkata (18:30 UTC the day before), not in Honolulu.
    const utc = (h: number) => Date.UTC(2026, 0, 15, h) / 1000;
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4000 });
    write(store, every(utc(4), utc(16), 60));
    expect(todayStart(store.ring, "America/Chicago")).toBe(utc(6));
    expect(todayStart(store.ring, "Asia/Kolkata")).toBe(utc(4)); // its day began before the first packet
    // The request names the zone; one it does not know is the worker's own clock.
    expect(store.series(today({ timeZone: "America/Chicago" })).day?.start).toBe(utc(6));
    expect(store.series(today({ timeZone: "Mars/Base" })).day?.start).toBe(todayStart(store.ring));
  });

  it("at the first packet after a pause of more than 4 hours", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4000 });
    write(store, every(at(6), at(7), 60));
    const resumed = at(7) - 60 + DAY_GAP_SECONDS + 1;
    write(store, every(resumed, at(12), 60));
    expect(todayStart(store.ring)).toBe(resumed);
  });

  it("not at a pause of exactly 4 hours", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4000 });
    write(store, every(at(18, 0, 0, -1), at(1), 60));
    const last = at(1) - 60;
    write(store, every(last + DAY_GAP_SECONDS, at(9), 60));
    expect(todayStart(store.ring)).toBe(at(0));
  });

  it("at midnight when the pause ended yesterday", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4000 });
    write(store, every(at(8, 0, 0, -1), at(9, 0, 0, -1), 60));
    write(store, every(at(15, 0, 0, -1), at(3), 60)); // resumed yesterday 15:00, ran through the night
    expect(todayStart(store.ring)).toBe(at(0));
  });

  it("at the first packet a fresh history holds, and keeps it once the ring wraps", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    write(store, every(at(7), at(7, 30), 60));
    expect(todayStart(store.ring)).toBe(at(7));
    write(store, every(at(7, 30), at(11), 60)); // 210 rows in all: the 07:00 row is overwritten
    expect(store.ring.time(0)).toBeGreaterThan(at(7));
    expect(todayStart(store.ring)).toBe(at(7));
  });

  it("remembers a pause whose rows the full ring overwrote since", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    write(store, every(at(1), at(2), 60));
    write(store, every(at(7), at(7, 30), 60));
    expect(todayStart(store.ring)).toBe(at(7));
    write(store, every(at(7, 30), at(10), 60));
    expect(store.ring.time(0)).toBeGreaterThan(at(7));
    expect(todayStart(store.ring)).toBe(at(7));
  });

  it("at midnight when first asked after the ring wrapped (its oldest row follows unknown packets)", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    write(store, every(at(7), at(11), 60));
    expect(todayStart(store.ring)).toBe(at(0));
  });

  it("reads only the rows added since it was last asked", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 40_000 });
    write(store, every(at(8), at(9), 0.1));
    todayStart(store.ring);
    write(store, every(at(9), at(9) + 1, 0.1));
    const reads = vi.spyOn(store.ring, "time");
    expect(todayStart(store.ring)).toBe(at(8));
    expect(reads.mock.calls.length).toBeLessThan(20);
  });

  it("starts afresh after the history was cleared", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4000 });
    write(store, every(at(6), at(8), 60));
    expect(todayStart(store.ring)).toBe(at(6));
    store.ring.clear();
    expect(todayStart(store.ring)).toBeNull();
    write(store, every(at(9), at(10), 60));
    expect(todayStart(store.ring)).toBe(at(9));
  });
});

describe("a Today request", () => {
  it("covers the day only, and says the day's range with the span stepped up", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 10_000 });
    write(store, every(at(6), at(7), 10));
    const resumed = at(11, 30);
    write(store, every(resumed, at(14), 10)); // 2.5 h since the day began
    const result = store.series(today({ from: at(6) }));
    expect(result.day).toEqual({ start: resumed, span: 3 * 3600 });
    expect(result.from).toBe(resumed);
    expect(result.data[0]![0]).toBe(resumed);
    expect(result.bucketSeconds).toBe((3 * 3600) / 100);
  });

  it("keeps a later `from` (a tail) as asked", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 10_000 });
    write(store, every(at(8), at(9), 10));
    expect(store.series(today({ from: at(8, 30) })).from).toBe(at(8, 30));
  });

  it("joins tails exactly as a whole fetch gives the day, until the span steps up", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 40_000 });
    write(store, every(at(7), at(8, 10), 1));
    let held = store.series(today());
    for (let minute = 10; minute < 50; minute += 7) {
      write(store, every(at(8, minute), at(8, minute + 7), 1));
      const from = tailStart(held)!;
      const joined = mergeTail(held, store.series(today({ from })), from, held.day!.start);
      expect(joined).not.toBeNull();
      expectSame(joined!, store.series(today()));
      held = joined!;
    }
    // Past 2 h since the day began the span steps from 2 h to 3 h: a coarser
    // grid that no tail joins, so the plot fetches the whole day once.
    write(store, every(at(8, 59), at(9, 5), 1));
    const from = tailStart(held)!;
    const tail = store.series(today({ from }));
    expect(tail.day!.span).toBe(3 * 3600);
    expect(mergeTail(held, tail, from, held.day!.start)).toBeNull();
  });

  it("has no day when the history is empty", () => {
    const result = new TelemetryStore({ layout: LAYOUT, capacity: 10 }).series(today());
    expect(result.day).toBeUndefined();
    expect(result.to).toBeNull();
  });
});

describe("the day's span", () => {
  it("steps through 1, 2, 3, 4, 6, 8, 10, 12, 16 and 24 hours", () => {
    const h = 3600;
    expect(
      [0, 0.5, 1, 1.01, 2.5, 3.5, 5, 7, 9, 11, 15, 20, 23.9].map(
        (e) => todaySpanSeconds(e * h) / h,
      ),
    ).toEqual([1, 1, 1, 2, 3, 4, 6, 8, 10, 12, 16, 24, 24]);
    expect(todaySpanSeconds(25 * h) / h).toBe(48);
  });
});

describe("zoomed into one minute", () => {
  it("answers every sample of a 10 Hz minute on a 300 px plot (150 points)", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 40_000 });
    write(store, every(at(9, 30), at(10, 30), 0.1));
    const result = store.series({
      fields: [FIELD],
      from: at(10),
      to: at(10, 1) - 0.05,
      points: 150,
      units: "metric",
    });
    const expected = [...every(at(10), at(10, 1), 0.1)];
    expect(expected).toHaveLength(600);
    expect([...result.data[0]!]).toEqual(expected);
    expect([...result.data[1]!]).toEqual(expected.map((t) => Math.fround(voltage(t))));
    expect(result.bucketSeconds).toBe(0);
  });

  it("still summarises a window of far more samples than the plot can show", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 40_000 });
    write(store, every(at(9, 30), at(10, 30), 0.1));
    const result = store.series({
      fields: [FIELD],
      from: at(10),
      to: at(10, 10),
      points: 150,
      units: "metric",
    });
    expect(result.data[0]!.length).toBeLessThanOrEqual(150);
  });
});

function expectSame(a: SeriesResult, b: SeriesResult): void {
  expect(a.data.map((c) => [...c])).toEqual(b.data.map((c) => [...c]));
  expect(a.day).toEqual(b.day);
  expect(a.to).toBe(b.to);
  expect(a.bucketSeconds).toBe(b.bucketSeconds);
}

describe("a Today tail after a pause of more than 4 hours", () => {
  it("does not join the day before it, even on the same grid", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 40_000 });
    write(store, every(at(7), at(7, 20), 1));
    const held = store.series(today());
    write(store, every(at(11, 30), at(11, 40), 1));
    const from = tailStart(held)!;
    const tail = store.series(today({ from }));
    expect(tail.bucketSeconds).toBe(held.bucketSeconds);
    expect(tail.day!.start).toBe(at(11, 30));
    expect(mergeTail(held, tail, from, tail.day!.start)).toBeNull();
  });
});
