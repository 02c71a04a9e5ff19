// Math channels as history columns: set through the API, computed again over
// every history (live while packets keep coming, an import), shown wherever
// fields are (catalog, snapshot, series, CSV), guarded against alert rules
// that watch them, and checked as the editor types.
import { afterEach, describe, expect, it } from "vitest";
import type { MathChannelDef } from "../../workers/contract/math";
import { CHANNELS } from "../../workers/telemetry/math/channelRegistry";
import { recomputeChannels } from "../../workers/telemetry/math/recompute";
import { STARTER_CHANNELS } from "../../workers/telemetry/math/starter";
import { initialConnection } from "../../workers/telemetry/service/config";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { exportText, packet } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const DOUBLE: MathChannelDef = {
  name: "DoubleVolts",
  label: "Double Pack Voltage",
  expression: "Battery.PackVoltage * 2",
  unit: "V",
  description: "Twice the pack voltage.",
};
const withDouble = () => [...STARTER_CHANNELS, DOUBLE];
const field = (path: string) => LAYOUT.storedFieldSlot(path)!.index;
const column = (store: TelemetryStore, path: string) =>
  Array.from({ length: store.ring.length }, (_, i) => store.ring.number(i, field(path)));

function filled(count: number, from = 0): TelemetryStore {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 50_000 });
  for (let i = from; i < from + count; i++) store.ingest(packet(i), "DEMO");
  return store;
}

afterEach(() => {
  CHANNELS.set(STARTER_CHANNELS);
});

describe("math channels in a history", () => {
  it("a channel added is computed over the rows already there, then on each new packet", async () => {
    const store = filled(100);
    expect(CHANNELS.set(withDouble()).ok).toBe(true);
    expect(await recomputeChannels(store)).toBe(true);
    store.ingest(packet(100), "DEMO");
    const volts = column(store, "Battery.PackVoltage");
    expect(column(store, "DoubleVolts")).toEqual(volts.map((v) => v * 2));
    const info = store.fieldCatalog().find((f) => f.path === "DoubleVolts");
    expect(info).toMatchObject({ group: "Math", label: "Double Pack Voltage", unit: "V" });
    expect(store.snapshot(0, initialConnection()).changed.DoubleVolts).toBe(volts.at(-1)! * 2);
  });

  it("packets arriving while a long recompute runs end up computed exactly as from scratch", async () => {
    const store = filled(40_000);
    CHANNELS.set([
      ...withDouble(),
      {
        ...DOUBLE,
        name: "Energy",
        label: "Energy",
        expression: "integ(Derived.PackPower)",
        unit: "Wh",
      },
    ]);
    const job = recomputeChannels(store);
    for (let i = 40_000; i < 40_200; i++) store.ingest(packet(i), "DEMO"); // meanwhile
    expect(await job).toBe(true);
    for (let i = 40_200; i < 40_300; i++) store.ingest(packet(i), "DEMO");
    const fresh = filled(40_300); // the same rows with the set in force from the start
    expect(column(store, "Energy")).toEqual(column(fresh, "Energy"));
    expect(column(store, "Energy").at(-1)).toBeGreaterThan(0);
  });

  it("a deleted channel's column is freed and its slot never shows its values under another name", async () => {
    const store = filled(50);
    CHANNELS.set(withDouble());
    await recomputeChannels(store);
    const slot = field("DoubleVolts");
    expect(store.ring.hasColumn(slot)).toBe(true);
    CHANNELS.set(STARTER_CHANNELS);
    await recomputeChannels(store);
    expect(store.ring.hasColumn(slot)).toBe(false);
    expect(store.fieldCatalog().some((f) => f.path === "DoubleVolts")).toBe(false);
    CHANNELS.set([
      ...STARTER_CHANNELS,
      { ...DOUBLE, name: "Half", label: "Half", expression: "Battery.PackVoltage / 2" },
    ]);
    expect(field("Half")).toBe(slot); // the freed slot is reused…
    await recomputeChannels(store);
    expect(column(store, "Half")).toEqual(column(store, "Battery.PackVoltage").map((v) => v / 2));
  });

  it("a set arriving before the first packet shows no made-up values", async () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    CHANNELS.set(withDouble());
    await recomputeChannels(store);
    const snap = store.snapshot(0, initialConnection());
    expect(snap.empty).toBe(true);
    expect(snap.changed).toEqual({});
  });

  it("a set with a problem is refused whole, naming the channel and the nearest field", () => {
    const before = CHANNELS.version;
    const result = CHANNELS.set([
      ...STARTER_CHANNELS,
      { ...DOUBLE, expression: "Battery.PackVoltag * 2" },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.DoubleVolts![0]!.message).toMatch(
      /Battery\.PackVoltage \(Pack Voltage\)/,
    );
    expect(CHANNELS.version).toBe(before);
    expect(CHANNELS.list().some((c) => c.name === "DoubleVolts")).toBe(false);
  });

  it("refuses a label a packet field already has", () => {
    const result = CHANNELS.set([...STARTER_CHANNELS, { ...DOUBLE, label: "Pack Voltage" }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/Battery\.PackVoltage/);
  });
});

describe("math channels through the API", () => {
  let service: TelemetryService | null = null;
  afterEach(() => service?.stop());

  function started(): TelemetryService {
    service = new TelemetryService({ demoSeed: 3, indexedDB: null });
    service.start({ connectToBackend: false, demoRate: 1 }, () => undefined);
    return service;
  }

  it("an alert rule's channel cannot be deleted from under it", async () => {
    const s = started();
    expect(s.setMathChannels(withDouble()).ok).toBe(true);
    const rules = s.alertRules();
    const rule = {
      id: "double-high",
      subject: "DoubleVolts",
      condition: { kind: "above", limit: 300 },
      forSeconds: 0,
      severity: "warning",
      message: "{label} high",
      enabled: true,
    };
    const answer = await s.setAlertRules({
      format: "helios-alert-rules",
      version: 1,
      rules: [...rules, rule],
    });
    expect(answer.ok).toBe(true);
    const refused = s.setMathChannels([...STARTER_CHANNELS]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/Alert rules watch DoubleVolts/);
    expect(s.mathChannels().some((c) => c.name === "DoubleVolts")).toBe(true);
  });

  it("the editor's check gives the value, the last minute and why rows are gaps", async () => {
    const s = started();
    const report = await s.importCsv(new Blob([exportText(filled(120))]), "f.csv");
    expect(report.ok).toBe(true);
    const check = s.checkMathChannel(
      { ...DOUBLE, expression: "1 / (Battery.PackVoltage - Battery.PackVoltage)" },
      null,
    );
    expect(check.ok).toBe(true);
    expect(check.value).toBeNull();
    expect(check.gaps.count).toBe(check.gaps.rows);
    expect(check.gaps.reasons).toContain("division by zero");
    const good = s.checkMathChannel(DOUBLE, null);
    expect(good.value).toBeCloseTo(packet(119).Battery.PackVoltage * 2, 1);
    expect(good.recent.values.length).toBeGreaterThan(10);
    expect(good.reads).toEqual(["Battery.PackVoltage"]);
    const bad = s.checkMathChannel({ ...DOUBLE, expression: "sqrt(" }, null);
    expect(bad.ok).toBe(false);
    expect(bad.problems[0]!.message).toMatch(/Syntax/i);
  });

  it("an import computes channels again instead of reading them, and exports them with their unit", async () => {
    const s = started();
    s.setMathChannels(withDouble());
    const source = filled(30);
    const text = exportText(source);
    const report = await s.importCsv(new Blob([text]), "f.csv");
    expect(report.notes.join(" ")).toMatch(/Computed \d+ math channel\(s\) again/);
    const csv = s.startCsvExport({
      fields: ["Battery.PackVoltage", "DoubleVolts"],
      from: null,
      to: null,
      perSecond: null,
      values: "display",
      units: "metric",
      timeColumns: false,
    });
    expect(csv.ok).toBe(true);
    let out = "";
    for (let chunk = s.nextCsvChunk(); chunk; chunk = chunk.done ? null : s.nextCsvChunk())
      out += await chunk.data.text();
    const [header, first] = out.trim().split(/\r?\n/);
    expect(header).toContain("DoubleVolts [V]");
    const [volts, doubled] = first!.split(",").map(Number);
    expect(doubled).toBeCloseTo(volts! * 2, 4);
  });
});
