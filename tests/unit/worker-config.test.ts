// The worker's start-up configuration: what the page passes and what the
// worker makes of it (bad values fall back to defaults, never throw).
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../workers/telemetry/service/config";
import {
  configFromUrl,
  demoCarFromUrl,
  demoDayFromUrl,
} from "../../src/worker-client/createTelemetry";

describe("the WebSocket upgrade setting on its way to the worker", () => {
  it("is on unless the page says off, and a bad value falls back to on", () => {
    expect(resolveConfig({}).webSocketUpgrade).toBe(true);
    expect(resolveConfig({ webSocketUpgrade: false }).webSocketUpgrade).toBe(false);
    expect(resolveConfig({ webSocketUpgrade: "no" }).webSocketUpgrade).toBe(true);
  });

  it("can be set for one visit by ?upgrade=1 or ?upgrade=0, and is left alone otherwise", () => {
    expect(configFromUrl("?upgrade=1").webSocketUpgrade).toBe(true);
    expect(configFromUrl("?upgrade=0").webSocketUpgrade).toBe(false);
    expect(configFromUrl("?backend=http://x:1").webSocketUpgrade).toBeUndefined();
    expect(configFromUrl("?upgrade=maybe").webSocketUpgrade).toBeUndefined();
  });
});

describe("?pingMs on its way to the worker", () => {
  it("sets the ping interval for the visit, within 100 ms to 60 s, and is left alone otherwise", () => {
    expect(configFromUrl("?pingMs=500").pingIntervalMs).toBe(500);
    for (const bad of ["50", "0", "-1", "many", "600000"])
      expect(configFromUrl(`?pingMs=${bad}`).pingIntervalMs).toBeUndefined();
    expect(configFromUrl("?upgrade=1").pingIntervalMs).toBeUndefined();
  });
});

describe("?demoDay on its way to the worker", () => {
  it("passes 0 < hours ≤ 24 on, and ignores anything else with a notice that says why", () => {
    expect(configFromUrl("?demoDay=9").demoDayHours).toBe(9);
    expect(configFromUrl("?demoDay=0.5").demoDayHours).toBe(0.5);
    expect(demoDayFromUrl("?demoDay=9")).toEqual({ hours: 9, problem: null });
    expect(demoDayFromUrl("?offline=1")).toEqual({ hours: null, problem: null });
    for (const bad of ["0", "25", "-3", "nine", ""]) {
      expect(configFromUrl(`?demoDay=${bad}`).demoDayHours).toBeUndefined();
      expect(demoDayFromUrl(`?demoDay=${bad}`).problem).toContain("at most 24");
    }
  });
});

describe("?demoCar on its way to the worker", () => {
  it("passes a car the demo has on, and ignores anything else with a notice that says why", () => {
    expect(configFromUrl("?demoCar=linear").demoCar).toBe("linear");
    expect(configFromUrl("?demoCar=light").demoCar).toBe("light");
    expect(configFromUrl("?offline=1").demoCar).toBeUndefined();
    expect(demoCarFromUrl("?offline=1")).toEqual({ car: null, problem: null });
    for (const bad of ["truck", "LINEAR", ""]) {
      expect(configFromUrl(`?demoCar=${bad}`).demoCar).toBeUndefined();
      expect(demoCarFromUrl(`?demoCar=${bad}`).problem).toContain("one of light, linear");
    }
  });

  it("starts the light car unless the page names another the worker knows", () => {
    expect(resolveConfig({}).demoCar).toBe("light");
    expect(resolveConfig({ demoCar: "linear" }).demoCar).toBe("linear");
    expect(resolveConfig({ demoCar: "truck" }).demoCar).toBe("light");
    expect(resolveConfig({ demoCar: 3 }).demoCar).toBe("light");
  });
});
