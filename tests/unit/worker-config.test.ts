// The worker's start-up configuration: what the page passes and what the
// worker makes of it (bad values fall back to defaults, never throw).
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../workers/telemetry/service/config";
import { configFromUrl } from "../../src/worker-client/createTelemetry";

describe("the WebSocket upgrade setting on its way to the worker", () => {
  it("is off unless the page asks for it, and a bad value falls back to off", () => {
    expect(resolveConfig({}).webSocketUpgrade).toBe(false);
    expect(resolveConfig({ webSocketUpgrade: true }).webSocketUpgrade).toBe(true);
    expect(resolveConfig({ webSocketUpgrade: "yes" }).webSocketUpgrade).toBe(false);
  });

  it("can be set for one visit by ?upgrade=1 or ?upgrade=0, and is left alone otherwise", () => {
    expect(configFromUrl("?upgrade=1").webSocketUpgrade).toBe(true);
    expect(configFromUrl("?upgrade=0").webSocketUpgrade).toBe(false);
    expect(configFromUrl("?backend=http://x:1").webSocketUpgrade).toBeUndefined();
    expect(configFromUrl("?upgrade=maybe").webSocketUpgrade).toBeUndefined();
  });
});
