// Worker configuration: defaults, and a forgiving merge of what the UI sends
// (a bad value falls back to its default instead of throwing across Comlink).
import type { DemoCar, WorkerConfig } from "../../contract/config";
import type { ConnectionState } from "../../contract/connection";
import type { ConnectionType } from "../../contract/fields";
import type { LapCoords } from "../../contract/laps";
import type { RecordingState } from "../../contract/sessions";
import { DEFAULT_BACKEND_URL } from "../../shared/backendUrl";
import { DEMO_CARS } from "../../shared/demoCars";
import { checkInjection, injectionValue, type Injection } from "../../shared/injection";
import { fieldInfo } from "../schema/fields";
import { DEFAULT_DEMO_RATE, MAX_DAY_HOURS, MAX_DEMO_RATE } from "../sources/DemoSource";
import { DEFAULT_PING_INTERVAL_MS } from "../sources/NetworkSource";
import { LIVE_DAY_CAPACITY } from "../store/capacity";

export const DEFAULT_CONFIG: WorkerConfig = {
  backendUrl: DEFAULT_BACKEND_URL,
  connectToBackend: true,
  connectionType: "DEMO",
  historyCapacity: LIVE_DAY_CAPACITY,
  demoRate: DEFAULT_DEMO_RATE,
  demoDayHours: 0,
  demoInjections: [],
  demoClockOffsetMs: 0,
  demoCar: "light",
  restartsCore: false,
  recording: true,
  sessionBudgetBytes: 0,
  pingIntervalMs: DEFAULT_PING_INTERVAL_MS,
  lapCoords: null,
  // Upgrade where the backend allows it (issue 58); a failed upgrade falls back (NetworkSource).
  webSocketUpgrade: true,
};

/** "Today" at the track is at most a day and a bit away from the wall clock anywhere. */
const MAX_DEMO_CLOCK_OFFSET_MS = 2 * 86_400_000;

const CONNECTION_TYPES: readonly ConnectionType[] = ["DEMO", "NETWORK", "RADIO"];

export function isConnectionType(value: unknown): value is ConnectionType {
  return CONNECTION_TYPES.includes(value as ConnectionType);
}

const positive = (value: unknown, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 && value <= max;

/**
 * The demo's injections, each read as its field's type (the page sends the
 * values as text) and checked against the packet schema; all of them, or
 * none when one does not fit (a benchmark must not run with part of its faults).
 */
function injectionsOf(input: unknown): Injection[] {
  if (!Array.isArray(input)) return [];
  const fieldType = (path: string) => fieldInfo(path)?.type;
  try {
    return input.map((item: unknown) => {
      if (typeof item !== "object" || item === null) throw new Error("not an injection");
      const { atSeconds, field, value, forSeconds } = item as Record<string, unknown>;
      if (typeof atSeconds !== "number" || typeof field !== "string")
        throw new Error("not an injection");
      if (forSeconds !== undefined && typeof forSeconds !== "number")
        throw new Error("not an injection");
      if (typeof value !== "number" && typeof value !== "boolean" && typeof value !== "string")
        throw new Error("not an injection");
      const injection: Injection = {
        atSeconds,
        field,
        value: typeof value === "string" ? injectionValue(value, fieldType(field)) : value,
      };
      if (forSeconds !== undefined) injection.forSeconds = forSeconds;
      return checkInjection(injection, fieldType);
    });
  } catch {
    return [];
  }
}

/** A finish line from the saved settings, or null when it is not two plausible numbers. */
function lapCoordsOf(value: unknown): LapCoords | null {
  if (typeof value !== "object" || value === null) return null;
  const { lat, long } = value as Record<string, unknown>;
  const ok = (v: unknown, limit: number): v is number =>
    typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= limit;
  return ok(lat, 90) && ok(long, 180) ? { lat, long } : null;
}

export function resolveConfig(input: unknown): WorkerConfig {
  const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const d = DEFAULT_CONFIG;
  return {
    backendUrl:
      typeof raw.backendUrl === "string" && raw.backendUrl.trim() !== ""
        ? raw.backendUrl.trim()
        : d.backendUrl,
    connectToBackend:
      typeof raw.connectToBackend === "boolean" ? raw.connectToBackend : d.connectToBackend,
    connectionType: isConnectionType(raw.connectionType) ? raw.connectionType : d.connectionType,
    historyCapacity: positive(raw.historyCapacity, 10_000_000)
      ? Math.floor(raw.historyCapacity)
      : d.historyCapacity,
    demoRate: positive(raw.demoRate, MAX_DEMO_RATE) ? raw.demoRate : d.demoRate,
    demoDayHours: positive(raw.demoDayHours, MAX_DAY_HOURS) ? raw.demoDayHours : d.demoDayHours,
    demoInjections: injectionsOf(raw.demoInjections),
    demoClockOffsetMs:
      typeof raw.demoClockOffsetMs === "number" &&
      Math.abs(raw.demoClockOffsetMs) <= MAX_DEMO_CLOCK_OFFSET_MS
        ? raw.demoClockOffsetMs
        : d.demoClockOffsetMs,
    demoCar: DEMO_CARS.includes(raw.demoCar as DemoCar) ? (raw.demoCar as DemoCar) : d.demoCar,
    restartsCore: raw.restartsCore === true,
    recording: typeof raw.recording === "boolean" ? raw.recording : d.recording,
    sessionBudgetBytes: positive(raw.sessionBudgetBytes)
      ? Math.floor(raw.sessionBudgetBytes)
      : d.sessionBudgetBytes,
    pingIntervalMs: positive(raw.pingIntervalMs) ? raw.pingIntervalMs : d.pingIntervalMs,
    lapCoords: lapCoordsOf(raw.lapCoords),
    webSocketUpgrade:
      typeof raw.webSocketUpgrade === "boolean" ? raw.webSocketUpgrade : d.webSocketUpgrade,
  };
}

/** Connection state before any source has reported (SPEC §4: DEMO first). */
export function initialConnection(): ConnectionState {
  return {
    connectionType: "DEMO",
    socketConnected: false,
    transport: null,
    pollReading: null,
    upgradeFallback: null,
    // Unknown, not "disconnected": the backend tells us only on its next carConnect.
    mqttConnected: null,
    carLink: "unknown",
    radioConnected: false,
    userLatency: null,
    userLatencyAt: null,
    carLatency: null,
    playback: false,
    lastLivePacketAt: null,
    liveDataFlowing: false,
    arrivalLagMs: 0,
    demoDay: null,
  };
}

/** Recording state before the session store has opened. */
export function idleRecording(enabled = true): RecordingState {
  return {
    enabled,
    available: false,
    sessionId: null,
    restoredPackets: 0,
    problem: null,
    restore: null,
  };
}
