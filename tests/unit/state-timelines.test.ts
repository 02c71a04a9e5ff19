// State timelines (issue 60): which fields are states and the rows they make,
// the runs of a state along a row (gaps are gaps), a state one packet long kept
// through the downsampling of a 9-hour day and painted as a mark, and the
// layout's timeline plots.
import { describe, expect, it } from "vitest";
import type { StateRow, TimelineLook } from "../../workers/contract/renderProtocol";
import {
  fillColumn,
  planDownsample,
  type BucketSummary,
} from "../../workers/telemetry/history/downsample";
import { FIELD_CATALOG, fieldInfo } from "../../workers/telemetry/schema/fields";
import { paintTimeline } from "../../workers/render/timelinePaint";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";
import {
  changingRows,
  forEachRun,
  isStateField,
  runAt,
  stateRows,
  type StateField,
} from "../../workers/shared/plots/stateRows";
import { parseStoredLayout } from "../../src/state/plotLayout/plotLayout";
import { liveYScales } from "../../src/panels/Plots/livePicture";
import type uPlot from "uplot";
import { picture, recorder, type Call } from "./paintRecorder";

const field = (path: string): StateField => fieldInfo(path)!;

const LOOK: TimelineLook = {
  rows: [],
  tones: { fault: "red", warning: "amber", news: "blue", limit: "grey", plain: "slate" },
  codeFills: ["c0", "c1", "c2", "c3"],
  font: "11px sans-serif",
  text: "#111",
  grid: "#eee",
  key: "test",
};

function runs(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  row: StateRow,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  forEachRun(xs, ys, row, (from, to, state) => out.push([from, to, state]));
  return out;
}

describe("state fields and their rows", () => {
  it("knows flags, bit fields and codes as states, and quantities as not", () => {
    expect(isStateField(field("BatteryFaults.Errors.WeakCellFault"))).toBe(true);
    expect(isStateField(field("MotorDetails0.ErrorFlags"))).toBe(true);
    expect(isStateField(field("MBMS.SystemState"))).toBe(true);
    expect(isStateField(field("MBMS.StartupState"))).toBe(true);
    expect(isStateField(field("Battery.PackVoltage"))).toBe(false);
    expect(isStateField(field("MBMS.AuxiliaryBatteryVoltage"))).toBe(false);
    // Every code the labels call one, and no quantity.
    const codes = FIELD_CATALOG.filter((f) => f.code).map((f) => f.path);
    expect(codes).toContain("MBMS.SystemState");
    expect(codes.every((path) => fieldInfo(path)!.label.endsWith("(code)"))).toBe(true);
  });

  it("colours flags like the chips: faults red, warnings amber, motor limits plain, a past reset as news", () => {
    const rows = stateRows([
      field("BatteryFaults.Errors.WeakCellFault"),
      field("BatteryFaults.Warnings.CclReducedDueToTemperature"),
      field("B3.ForwardDigital"),
      field("Contactor.ArrayContactorError"),
      field("MotorDetails0.ErrorFlags"),
      field("MotorDetails1.LimitFlags"),
      field("MBMS.SystemState"),
    ]);
    const byLabel = new Map(rows.map((row) => [row.label, row]));
    expect(rows[0]).toMatchObject({ column: 1, kind: "flag", bit: null, tone: "fault" });
    expect(rows[1]!.tone).toBe("warning");
    expect(rows[2]).toMatchObject({ column: 3, tone: "plain" });
    expect(rows[3]!.tone).toBe("fault");
    // A bit field is a row per named bit, named by the field and the bit.
    const errors = rows.filter((row) => row.column === 5);
    expect(errors).toHaveLength(9);
    expect(byLabel.get("Motor 0 Error Flags: desaturation fault")).toMatchObject({
      bit: 7,
      tone: "fault",
    });
    expect(errors[4]!.tone).toBe("news");
    expect(rows.filter((row) => row.column === 6).every((row) => row.tone === "limit")).toBe(true);
    expect(rows.at(-1)).toMatchObject({
      column: 7,
      kind: "code",
      label: "MBMS System State (code)",
    });
  });
});

describe("runs of a state", () => {
  const flag: StateRow = { column: 1, kind: "flag", bit: null, label: "F", tone: "fault" };
  const code: StateRow = { column: 1, kind: "code", bit: null, label: "C", tone: "plain" };
  const bit2: StateRow = { column: 1, kind: "flag", bit: 2, label: "B", tone: "fault" };

  it("a state holds until the next state's first sample", () => {
    expect(runs([0, 1, 2, 3, 4], [0, 0, 1, 0, 0], flag)).toEqual([
      [0, 2, 0],
      [2, 3, 1],
      [3, 4, 0],
    ]);
    expect(runs([0, 1, 2, 3], [3, 3, 7, 3], code)).toEqual([
      [0, 2, 3],
      [2, 3, 7],
      [3, 3, 3],
    ]);
    // Bit 2 of 4, 5, 1: set, set, clear.
    expect(runs([0, 1, 2], [4, 5, 1], bit2)).toEqual([
      [0, 2, 1],
      [2, 2, 0],
    ]);
  });

  it("a gap ends a run at its last sample: the state there is not known", () => {
    expect(runs([0, 1, 1.5, 5, 6], [1, 1, NaN, 1, 0], flag)).toEqual([
      [0, 1, 1],
      [5, 6, 1],
      [6, 6, 0],
    ]);
  });

  it("under the pointer: the set flag within the slop, else the state there", () => {
    const xs = [0, 1, 2, 3, 4];
    const ys = [0, 0, 1, 0, 0];
    expect(runAt(xs, ys, flag, 3.5)).toEqual({ from: 3, to: 4, state: 0 });
    expect(runAt(xs, ys, flag, 3.5, 0.6)).toEqual({ from: 2, to: 3, state: 1 });
    expect(runAt(xs, ys, flag, 9)).toBeNull();
  });
});

/** A 9-hour day at 10 packets/s, a field at `base` but for one packet at `odd`. */
function dayWithOnePacket(base: number, odd: number, at: number) {
  const n = 9 * 3600 * 10;
  const xs = Float64Array.from({ length: n }, (_, i) => 1_000_000 + i / 10);
  const ys = new Float64Array(n).fill(base);
  ys[at] = odd;
  return { xs, ys, n };
}

/** The series of a day as a "Today" plot 600 px wide asks for it: buckets of about 8 px. */
function asPlotted(
  xs: Float64Array,
  ys: Float64Array,
  width: number,
  summary: BucketSummary = "codes",
) {
  const plan = planDownsample(xs, 0, xs.length, width / 2);
  const column = new Float64Array(plan.x.length);
  fillColumn(plan, ys, column, summary);
  return { x: plan.x, y: column, bucketSeconds: plan.bucketSeconds };
}

describe("a state one packet long in a 9-hour day", () => {
  const width = 600;

  for (const [name, row, base, odd] of [
    ["a fault flag", { column: 1, kind: "flag", bit: null, label: "F", tone: "fault" }, 0, 1],
    [
      "a motor error bit",
      { column: 1, kind: "flag", bit: 7, label: "B", tone: "fault" },
      16,
      16 + 128,
    ],
    ["a code", { column: 1, kind: "code", bit: null, label: "C", tone: "plain" }, 3, 6],
  ] as const)
    it(`${name}: kept through the buckets and painted a pixel wide or more, where it happened`, () => {
      for (const at of [5, 123_457, 9 * 36_000 - 3]) {
        const { xs, ys } = dayWithOnePacket(base, odd, at);
        const plotted = asPlotted(xs, ys, width, row.bit === null ? "codes" : "bits");
        expect(plotted.bucketSeconds).toBeGreaterThan(30); // buckets, not raw samples
        const { ctx, calls } = recorder();
        const x = { min: xs[0]!, max: xs.at(-1)! };
        paintTimeline(
          ctx,
          { ...picture(0), data: [plotted.x, plotted.y], x, width, height: 20 },
          { ...LOOK, rows: [row] },
          0,
        );
        const wanted = row.kind === "flag" ? "red" : LOOK.codeFills[odd % 4];
        const marks = calls.filter((c): c is Call => c[0] === "fillRect" && c.at(-1) === wanted);
        expect(marks.length).toBe(1);
        const [, left, , markWidth] = marks[0]! as [string, number, number, number];
        expect(markWidth).toBeGreaterThanOrEqual(1);
        const expectedPx = ((xs[at]! - x.min) / (x.max - x.min)) * width;
        // Within the bucket it fell in (about 8 px).
        expect(Math.abs(left - expectedPx)).toBeLessThanOrEqual(9);
      }
    });
});

describe("a state between others in its bucket", () => {
  const bit = (b: number): StateRow => ({
    column: 1,
    kind: "flag",
    bit: b,
    label: "B",
    tone: "fault",
  });
  const code: StateRow = { column: 1, kind: "code", bit: null, label: "C", tone: "plain" };
  /** The states a row shows from one bucket of `values` (one sample each), as a timeline asks it. */
  const shown = (values: number[], row: StateRow, summary: BucketSummary) => {
    const xs = Float64Array.from(values, (_, i) => i / 10);
    const plan = planDownsample(xs, 0, xs.length, 1); // one bucket: first, middle two, last
    const column = new Float64Array(plan.x.length);
    fillColumn(plan, Float64Array.from(values), column, summary);
    expect(column.length).toBe(4);
    return runs(plan.x, column, row).map(([, , state]) => state);
  };

  it("a bit set for one packet while other bits come and go is kept; min and max would lose it", () => {
    // Bit 2 (value 4) is set only in the 4th packet, between values 0 and 8.
    const values = [0, 0, 8, 4, 0, 8, 8, 0, 0, 0];
    expect(shown(values, bit(2), "range")).toEqual([0]); // the gap this mode fills
    expect(shown(values, bit(2), "bits")).toEqual([0, 1, 0]);
    expect(shown(values, bit(3), "bits")).toEqual([0, 1, 0]);
    // A bit cleared for one packet shows its clear run too.
    expect(shown([5, 5, 5, 4, 5, 5, 5, 5, 5, 5], bit(0), "bits")).toEqual([1, 0, 1]);
  });

  it("a bit that changes once changes once: no mark that never happened", () => {
    expect(shown([0, 0, 0, 0, 2, 2, 2, 2, 2, 2], bit(1), "bits")).toEqual([0, 1]);
    expect(shown([6, 6, 6, 6, 4, 4, 4, 4, 4, 4], bit(1), "bits")).toEqual([1, 0]);
    expect(shown([6, 6, 6, 6, 4, 4, 4, 4, 4, 4], bit(2), "bits")).toEqual([1]);
  });

  it("a code one packet long between two others is kept, as are two such codes", () => {
    expect(shown([3, 3, 7, 5, 7, 7, 3, 3, 3, 3], code, "range")).toEqual([3, 7, 3]); // 5 lost
    expect(shown([3, 3, 7, 5, 7, 7, 3, 3, 3, 3], code, "codes")).toEqual([3, 7, 5, 3]);
    expect(shown([3, 3, 3, 3, 6, 3, 3, 3, 3, 4], code, "codes")).toEqual([3, 6, 4]);
    expect(shown([3, 3, 3, 3, 3, 4, 4, 4, 4, 4], code, "codes")).toEqual([3, 4]);
  });
});

describe("a timeline's series from the telemetry worker", () => {
  it("keeps a motor error bit and a System State code one packet long between others; lines keep min and max", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 40_000 });
    const slot = (path: string) => LAYOUT.storedFieldSlot(path)!.index;
    const [time, error, state] = ["TimeStamp", "MotorDetails0.ErrorFlags", "MBMS.SystemState"].map(
      slot,
    );
    for (let i = 0; i < 36_000; i++) {
      const row = store.ring.claimSlot();
      store.ring.setNumber(row, time!, 1_000_000 + i / 10);
      // Every 100 packets bit 3 (8) or bit 4 (16) for a while; bit 2 (4) once, between them.
      store.ring.setNumber(
        row,
        error!,
        i === 20_005 ? 4 : i % 100 < 10 ? 8 : i % 100 > 90 ? 16 : 0,
      );
      store.ring.setNumber(row, state!, i === 20_005 ? 5 : i % 100 < 10 ? 7 : 3);
    }
    const ask = (states: boolean) =>
      store.series({
        fields: ["MotorDetails0.ErrorFlags", "MBMS.SystemState"],
        from: null,
        to: null,
        points: 300,
        units: "metric",
        ...(states ? { states } : {}),
      });
    const bit2: StateRow = { column: 1, kind: "flag", bit: 2, label: "B", tone: "fault" };
    const code: StateRow = { column: 2, kind: "code", bit: null, label: "C", tone: "plain" };
    const setRuns = (data: ArrayLike<number>[], row: StateRow, state: number) =>
      runs(data[0]!, data[row.column]!, row).filter(([, , s]) => s === state);
    const timeline = ask(true);
    expect(timeline.bucketSeconds).toBeGreaterThan(0);
    const mark = setRuns(timeline.data, bit2, 1);
    expect(mark).toHaveLength(1);
    expect(Math.abs(mark[0]![0] - (1_000_000 + 2000.5))).toBeLessThan(timeline.bucketSeconds);
    expect(setRuns(timeline.data, code, 5)).toHaveLength(1);
    // The same window drawn as lines keeps min and max (8 and 16, 3 and 7): the middle is lost.
    const lines = ask(false);
    expect(setRuns(lines.data, bit2, 1)).toHaveLength(0);
    expect(setRuns(lines.data, code, 5)).toHaveLength(0);
  });
});

describe("the timeline's picture", () => {
  it("a flag shows only while set, in its tone's colour; a code in its colour, named where it fits", () => {
    const { ctx, calls } = recorder();
    const rows: StateRow[] = [
      { column: 1, kind: "flag", bit: null, label: "Fault", tone: "fault" },
      { column: 2, kind: "code", bit: null, label: "State", tone: "plain" },
    ];
    // 10 s over 100 px: the flag set from 2 to 4 s; the code 3, then 5 from 5 s.
    const xs = Float64Array.from({ length: 11 }, (_, i) => i);
    const flags = Float64Array.from(xs, (x) => (x >= 2 && x < 4 ? 1 : 0));
    const codes = Float64Array.from(xs, (x) => (x < 5 ? 3 : 5));
    paintTimeline(
      ctx,
      { ...picture(0), data: [xs, flags, codes], x: { min: 0, max: 10 }, height: 40 },
      { ...LOOK, rows },
      0,
    );
    const fills = calls.filter((c) => c[0] === "fillRect");
    expect(fills).toEqual([
      ["fillRect", 20, 2, 20, 16, "red"],
      ["fillRect", 0, 22, 50, 16, "c3"],
      ["fillRect", 50, 22, 50, 16, "c1"],
    ]);
    expect(calls.filter((c) => c[0] === "fillText").map((c) => c[1])).toEqual(["code 3", "code 5"]);
  });
});

describe("a code one packet long between runs of another", () => {
  it("is not painted over by the next run that starts in its pixel", () => {
    const { ctx, calls } = recorder();
    const row: StateRow = { column: 1, kind: "code", bit: null, label: "C", tone: "plain" };
    // 1,000 samples over 100 px: code 5 for the one at 500.3 (a tenth of a pixel), 3 around it.
    const xs = Float64Array.from({ length: 1000 }, (_, i) => i);
    const codes = Float64Array.from(xs, (_, i) => (i === 500 ? 5 : 3));
    paintTimeline(
      ctx,
      { ...picture(0), data: [xs, codes], x: { min: 0, max: 1000 }, height: 20 },
      { ...LOOK, rows: [row] },
      0,
    );
    const fills = calls.filter((c) => c[0] === "fillRect");
    // The last paint covering pixel 50 is code 5's colour.
    const last = fills
      .filter(([, a, , w]) => (a as number) <= 50 && 50 < (a as number) + (w as number))
      .at(-1)!;
    expect(last.at(-1)).toBe("c1");
  });
});

describe("rows that never change in the window", () => {
  it("are told apart from rows that change, a bit field's bits each on their own", () => {
    const rows = stateRows([
      field("BatteryFaults.Errors.WeakCellFault"),
      field("B3.ForwardDigital"),
      field("MotorDetails0.ErrorFlags"),
      field("MBMS.SystemState"),
    ]);
    const xs = [0, 1, 2, 3];
    const data = [
      xs,
      [0, 0, 1, 0], // the fault came and went
      [1, 1, 1, 1], // forward throughout
      [16, 16, 16 + 128, 16], // the past reset held; desaturation for one sample
      [3, NaN, 3, 3], // a gap, but always 3
    ];
    expect([...changingRows(data, rows)]).toEqual([
      "Weak Cell Fault",
      "Motor 0 Error Flags: desaturation fault",
    ]);
    expect(changingRows([[]], rows).size).toBe(0);
  });
});

describe("fixed y scales stay fixed in the render worker's hands", () => {
  it("a scale uPlot built from [min, max] (a timeline's rows, booleans) is not re-fitted", () => {
    // As uPlot leaves its scales: a fixed range becomes a function too, with auto off.
    const chart = {
      series: [{}, { scale: "V" }, { scale: "rows" }, { scale: "rows" }],
      scales: {
        V: { range: () => [0, 10], auto: () => true },
        rows: { range: () => [0, 2], auto: () => false },
      },
    } as unknown as uPlot;
    expect(liveYScales(chart)).toEqual([null, "V", null, null]);
  });
});

describe("timeline plots in the layout", () => {
  const stored = (plots: unknown[]) => JSON.stringify({ version: 1, window: "2m", plots });

  it("keeps a timeline of a whole group, and refuses lines of more than 12 fields", () => {
    const faults = FIELD_CATALOG.filter((f) => f.group === "BatteryFaults").map((f) => f.path);
    expect(faults.length).toBeGreaterThan(30);
    const timeline = parseStoredLayout(stored([{ id: "t", fields: faults, timeline: true }]));
    expect(timeline.warning).toBeNull();
    expect(timeline.layout.plots[0]).toEqual({ id: "t", fields: faults, timeline: true });
    const lines = parseStoredLayout(stored([{ id: "l", fields: faults }]));
    expect(lines.warning).toBe("Saved plot layout was invalid.");
  });
});
