import { describe, expect, it } from "vitest";
import type { Lap } from "../../workers/contract/laps";
import {
  DEFAULT_CHOICES,
  buildRequest,
  parseIsoSeconds,
  type RequestContext,
} from "../../src/shell/csv/exportRequest";

// The worker has already normalised lap times to epoch ms (endMs).
const lap = (endMs: number, lapTime: number) => ({ rfid: "x", endMs, lapTime }) as unknown as Lap;

const ctx: RequestContext = {
  units: "imperial",
  favourites: ["Battery.PackVoltage"],
  plotFields: ["MotorDetails0.VehicleVelocity"],
  window: { from: 100, to: 200 },
  laps: [lap(1_795_000_100_000, 90), lap(1_795_000_300_000, 120)],
};

describe("export dialog → worker request", () => {
  it("defaults: every field, whole history, every packet, as displayed, time columns", () => {
    expect(buildRequest(DEFAULT_CHOICES, ctx)).toEqual({
      fields: null,
      from: null,
      to: null,
      perSecond: null,
      values: "display",
      units: "imperial",
      timeColumns: true,
      format: "csv",
    });
  });

  it("maps each choice", () => {
    const plot = buildRequest({ ...DEFAULT_CHOICES, fields: "plot", range: "window" }, ctx);
    expect(plot).toMatchObject({ fields: ["MotorDetails0.VehicleVelocity"], from: 100, to: 200 });
    const fav = buildRequest(
      { ...DEFAULT_CHOICES, fields: "favourites", resample: true, perSecond: 5 },
      ctx,
    );
    expect(fav).toMatchObject({ fields: ["Battery.PackVoltage"], perSecond: 5 });
    const second = buildRequest({ ...DEFAULT_CHOICES, range: "lap", lapIndex: 1 }, ctx);
    expect(second).toMatchObject({ from: 1_795_000_180, to: 1_795_000_300 });
    const custom = buildRequest(
      { ...DEFAULT_CHOICES, range: "custom", customFrom: "2026-11-18T11:06:40", customTo: "" },
      ctx,
    );
    expect(custom).toMatchObject({ from: 1_795_000_000, to: null });
    const parquet = buildRequest({ ...DEFAULT_CHOICES, format: "parquet", fields: "plot" }, ctx);
    expect(parquet).toMatchObject({ format: "parquet", fields: ["MotorDetails0.VehicleVelocity"] });
  });

  it("reads custom times as UTC", () => {
    expect(parseIsoSeconds("2026-11-18T11:06:40+01:00")).toBe(1_795_000_000 - 3600);
    expect(parseIsoSeconds("yesterday")).toBeNull();
  });
});
