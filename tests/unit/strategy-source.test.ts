// Issue 35: a forecast from the demo car is marked simulated, one from the
// real car's feed never is. A window that starts in a saved NETWORK or RADIO
// choice (after a reload) once marked its live forecasts "Simulated (DEMO
// car)": the core asked the links for the source before they were set.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConnectionType } from "../../workers/contract/fields";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { NO_BACKEND_URL } from "../noBackendUrl";

function start(connectionType: ConnectionType) {
  const service = new TelemetryService({ demoSeed: 3 });
  service.start(
    { connectToBackend: false, connectionType, backendUrl: NO_BACKEND_URL, historyCapacity: 5000 },
    () => {},
  );
  return service;
}

describe("the strategy's simulated mark follows the source", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it.each([
    ["DEMO", true],
    ["NETWORK", false],
    ["RADIO", false],
  ] as const)("a window started in %s: simulated is %s", async (type, simulated) => {
    const service = start(type);
    vi.advanceTimersByTime(5000);
    expect(service.snapshot(0).connection.connectionType).toBe(type);
    const answer = await service.strategy(null);
    const marked = answer.ok ? answer.forecast.simulated : answer.simulated;
    expect(marked).toBe(simulated);
    service.stop();
  });

  it("switching from DEMO to NETWORK drops the mark", async () => {
    const service = start("DEMO");
    vi.advanceTimersByTime(5000);
    service.setConnectionType("NETWORK");
    vi.advanceTimersByTime(1000);
    const answer = await service.strategy(null);
    expect(answer.ok ? answer.forecast.simulated : answer.simulated).toBe(false);
    service.stop();
  });
});
