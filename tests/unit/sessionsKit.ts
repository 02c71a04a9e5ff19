// What the session tests share: timers that never fire (the tests flush by
// hand) and recording settings with no budget and no backend.
import type { Timers } from "../../workers/telemetry/sources/timers";

export const stillTimers: Timers = {
  now: () => 10_000_000,
  setInterval: () => 1,
  clearInterval: () => undefined,
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

export const recordingSettings = { recording: true, budgetBytes: 0, backendUrl: () => "" };
