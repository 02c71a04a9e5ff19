// The diagnostics line under the backend transport: who reads the link's
// long-polling answers (workers/contract/connection.ts, PollReading).
import type { PollReading } from "../../../workers/contract/connection";

export function formatPollReading(reading: PollReading | null | undefined): string {
  if (!reading) return "not dialled yet";
  switch (reading.by) {
    case "poll reader worker":
      return "read by the poll reader worker";
    case "telemetry worker":
      return "read on the telemetry worker's thread (no poll reader worker)";
    case "engine.io stock polling":
      return `engine.io's stock polling (engine.io internals missing: ${reading.missing.join(", ")})`;
  }
}
