// Builds the telemetry facade for the page. URL parameters let benchmarks and
// tests steer the worker:
//   ?backend=http://host:3001  ?demoRate=2000  ?capacity=200000  ?offline=1  ?record=0
//   ?upgrade=1 (allow the WebSocket upgrade) or ?upgrade=0
// ?backend and ?upgrade become the settings shown (and saved, src/main.tsx);
// the others last for the visit.
import type { WorkerConfig } from "../../workers/contract/config";
import { LiveStore } from "./liveStore";
import { TelemetryClient } from "./TelemetryClient";
import type { Telemetry } from "./hooks";

export const DEFAULT_BACKEND_URL = "http://localhost:3001";

export function configFromUrl(search: string): Partial<WorkerConfig> {
  const params = new URLSearchParams(search);
  const config: Partial<WorkerConfig> = {};
  const backend = params.get("backend");
  if (backend) config.backendUrl = backend;
  const demoRate = Number(params.get("demoRate"));
  if (demoRate > 0) config.demoRate = demoRate;
  const capacity = Number(params.get("capacity"));
  if (capacity > 0) config.historyCapacity = Math.floor(capacity);
  if (params.get("offline") === "1") config.connectToBackend = false;
  if (params.get("record") === "0") config.recording = false;
  const upgrade = params.get("upgrade");
  if (upgrade === "1" || upgrade === "0") config.webSocketUpgrade = upgrade === "1";
  return config;
}

export function createTelemetry(config: Partial<WorkerConfig>): Telemetry {
  const client = new TelemetryClient({ backendUrl: DEFAULT_BACKEND_URL, ...config });
  const live = new LiveStore(client);
  return { client, live };
}
