// Range statistics against a fixture with answers worked out by hand (see the
// comments beside each expectation), gaps, a boolean, levels and bad requests.
import { afterEach, describe, expect, it } from "vitest";
import type { RangeStatsResult } from "../../workers/contract/stats";
import { formatTimeNamed } from "../../workers/shared/dateTime";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { rangeStats, summarise } from "../../workers/telemetry/stats/rangeStats";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { exportText } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

const T0 = 1_795_000_000;
// Seconds after T0: a 16 s step between 4 and 20 is a gap (more than 10 s).
const TIMES = [0, 1, 2, 3, 4, 20, 21, 22];
const VOLTS = [2, 4, 6, 4, 2, 10, 10, 10];
const RELAY = [true, true, false, false, true, true, false, false];

function fixtureStore(): TelemetryStore {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 64 });
  TIMES.forEach((t, i) => {
    const p = defaultPacket();
    p.TimeStamp = T0 + t;
    p.Battery.PackVoltage = VOLTS[i]!;
    p.Battery.ChargeRelayEnabled = RELAY[i]!;
    p.Title = "Helios";
    if (!store.ingest(p, "DEMO")) throw new Error("fixture rejected");
  });
  return store;
}

function ok(result: RangeStatsResult) {
  if (!result.ok) throw new Error(result.message);
  return result;
}

const WHOLE = { from: T0, to: T0 + 22 };

describe("range statistics over the history", () => {
  it("gives the hand-computed figures of a numeric field, not bridging a 16 s gap", () => {
    const store = fixtureStore();
    const result = ok(
      rangeStats(store.ring, {
        ...WHOLE,
        fields: ["Battery.PackVoltage"],
        levels: { "Battery.PackVoltage": 5 },
      }),
    );
    expect(result).toMatchObject({ from: T0, to: T0 + 22, rows: 8 });
    const [volts] = result.fields;
    expect(volts).toMatchObject({
      path: "Battery.PackVoltage",
      label: "Pack Voltage",
      unit: "V",
      count: 8,
      min: 2,
      max: 10,
      mean: 6, // 48 / 8
      first: 2,
      last: 10,
      delta: 8,
      // Steps 0–1–2–3–4 add 3 + 5 + 5 + 3 V·s; 4 → 20 is a gap; 20–21–22 add 10 + 10.
      integralSeconds: 6,
    });
    // Squared deviations from 6: 16 4 0 4 16 16 16 16 = 88; 88 / 8 = 11.
    expect(volts!.std).toBeCloseTo(Math.sqrt(11), 12);
    expect(volts!.integralH).toBeCloseTo(36 / 3600, 15);
    // Above 5 V: half of 4→6, half of 6→4, and both seconds at 10 V.
    expect(volts!.secondsAbove).toBeCloseTo(3, 12);
  });

  it("counts time strictly above the level, and none without a level", () => {
    const store = fixtureStore();
    const at10 = ok(
      rangeStats(store.ring, {
        ...WHOLE,
        fields: ["Battery.PackVoltage"],
        levels: { "Battery.PackVoltage": 10 },
      }),
    );
    expect(at10.fields[0]!.secondsAbove).toBe(0);
    const at1 = ok(
      rangeStats(store.ring, {
        ...WHOLE,
        fields: ["Battery.PackVoltage"],
        levels: { "Battery.PackVoltage": 1 },
      }),
    );
    expect(at1.fields[0]!.secondsAbove).toBe(6); // every step that is not the gap
    const none = ok(rangeStats(store.ring, { ...WHOLE, fields: ["Battery.PackVoltage"] }));
    expect(none.fields[0]!.secondsAbove).toBeNull();
  });

  it("treats a NaN sample as a gap: the steps on either side add nothing", () => {
    const store = fixtureStore();
    const slot = LAYOUT.storedFieldSlot("Battery.PackVoltage")!;
    // What a math channel's division by zero leaves in its column (t = 2 s).
    store.ring.setNumber(store.ring.physical(2), slot.index, NaN);
    const [volts] = ok(
      rangeStats(store.ring, { ...WHOLE, fields: ["Battery.PackVoltage"] }),
    ).fields;
    // Values 2 4 _ 4 2 10 10 10: 42 / 7 = 6; steps 0–1 and 3–4 add 3 + 3, 20–22 add 20.
    expect(volts).toMatchObject({ count: 7, first: 2, last: 10, integralSeconds: 4 });
    expect(volts!.mean).toBeCloseTo(6, 12);
    expect(volts!.integralH).toBeCloseTo(26 / 3600, 15);
  });

  it("summarises a boolean as 1/0, held until the next sample as the plot draws it", () => {
    const store = fixtureStore();
    const [relay] = ok(
      rangeStats(store.ring, {
        ...WHOLE,
        fields: ["Battery.ChargeRelayEnabled"],
        levels: { "Battery.ChargeRelayEnabled": 0.5 },
      }),
    ).fields;
    expect(relay).toMatchObject({
      count: 8,
      min: 0,
      max: 1,
      mean: 0.5,
      std: 0.5,
      first: 1,
      last: 0,
      delta: -1,
      // On during 0–1, 1–2 and 20–21; the 4 → 20 gap is not counted.
      secondsAbove: 3,
      integralSeconds: 6,
    });
    expect(relay!.integralH).toBeCloseTo(3 / 3600, 15);
  });

  it("takes only the rows inside the range, both ends included", () => {
    const store = fixtureStore();
    const result = ok(
      rangeStats(store.ring, { from: T0 + 1, to: T0 + 3, fields: ["Battery.PackVoltage"] }),
    );
    expect(result).toMatchObject({ from: T0 + 1, to: T0 + 3, rows: 3 });
    expect(result.fields[0]).toMatchObject({ count: 3, min: 4, max: 6, first: 4, last: 4 });
    expect(result.fields[0]!.mean).toBeCloseTo(14 / 3, 12);
    expect(result.fields[0]!.integralH).toBeCloseTo(10 / 3600, 15);
  });

  it("stops at a replay's clock: what is not shown yet is not counted", () => {
    const store = fixtureStore();
    const result = ok(
      rangeStats(store.ring, { ...WHOLE, fields: ["Battery.PackVoltage"] }, T0 + 2),
    );
    expect(result).toMatchObject({ to: T0 + 2, rows: 3 });
  });

  it("keeps the spread exact where a sum of squares would cancel", () => {
    // Odometer-sized values (Float64 column) moving by one unit.
    const n = 10_000;
    const x = Float64Array.from({ length: n }, (_, i) => i * 0.1);
    const y = Float64Array.from({ length: n }, (_, i) => 1e9 + (i % 2));
    const summary = summarise(x, y, n, false, undefined);
    expect(summary.mean).toBe(1e9 + 0.5);
    expect(summary.std).toBeCloseTo(0.5, 9);
  });
});

describe("range statistics refuse what they cannot answer", () => {
  const store = fixtureStore();
  const message = (result: RangeStatsResult) => (result.ok ? "ok" : result.message);

  it("names the empty range in the window's zone, named (this machine's when none is given)", () => {
    const result = rangeStats(store.ring, {
      from: T0 + 5,
      to: T0 + 19,
      fields: ["Battery.PackVoltage"],
    });
    expect(message(result)).toBe(
      `No packets between ${formatTimeNamed(T0 + 5)} and ${formatTimeNamed(T0 + 19)}`,
    );
    const zoned = { from: T0 + 5, to: T0 + 19, fields: ["Battery.PackVoltage"] };
    for (const timeZone of ["America/Chicago", "America/Edmonton"])
      expect(message(rangeStats(store.ring, { ...zoned, timeZone }))).toBe(
        `No packets between ${formatTimeNamed(T0 + 5, true, timeZone)} and ${formatTimeNamed(T0 + 19, true, timeZone)}`,
      );
  });

  it("names an unknown field, a text field, a reversed range and a bad level", () => {
    expect(message(rangeStats(store.ring, { ...WHOLE, fields: ["Battery.Nope"] }))).toBe(
      "Unknown field: Battery.Nope",
    );
    expect(message(rangeStats(store.ring, { ...WHOLE, fields: ["Pi.Rfid"] }))).toBe(
      "Pi.Rfid is text: it has no statistics.",
    );
    expect(
      message(
        rangeStats(store.ring, { from: T0 + 3, to: T0 + 1, fields: ["Battery.PackVoltage"] }),
      ),
    ).toBe(
      `The range starts (${formatTimeNamed(T0 + 3)}) after it ends (${formatTimeNamed(T0 + 1)}).`,
    );
    expect(
      message(
        rangeStats(store.ring, {
          ...WHOLE,
          fields: ["Battery.PackVoltage"],
          levels: { "Battery.PackVoltage": Number.NaN },
        }),
      ),
    ).toBe("The level for Battery.PackVoltage is not a number.");
    expect(message(rangeStats(store.ring, { ...WHOLE, fields: [] }))).toBe(
      "No fields to summarise.",
    );
  });
});

describe("TelemetryService.rangeStats", () => {
  let service: TelemetryService | null = null;
  afterEach(() => service?.stop());

  it("summarises the history the window shows: an imported file, not live", async () => {
    service = new TelemetryService({ demoSeed: 3 });
    service.start({ connectToBackend: false, demoRate: 1 }, () => undefined);
    const report = await service.importCsv(new Blob([exportText(fixtureStore())]), "f.csv");
    expect(report).toMatchObject({ ok: true, rowsImported: 8 });
    const result = ok(service.rangeStats({ ...WHOLE, fields: ["Battery.PackVoltage"] }));
    expect(result.rows).toBe(8);
    expect(result.fields[0]).toMatchObject({ min: 2, max: 10, mean: 6 });
    // Live (the demo car) holds nothing of 2026-11-18.
    service.setPlayback(false);
    expect(service.rangeStats({ ...WHOLE, fields: ["Battery.PackVoltage"] }).ok).toBe(false);
  });
});
