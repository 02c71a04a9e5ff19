// Builds the telemetry facade for the page. URL parameters let benchmarks and
// tests steer the worker:
//   ?backend=http://host:3001  ?demoRate=2000  ?capacity=200000  ?offline=1  ?record=0
//   ?upgrade=1 (allow the WebSocket upgrade) or ?upgrade=0
//   ?pingMs=500 (the backend link's ping, the user latency, every 500 ms
//   rather than 10 s: bench/transports.ts samples it)
//   ?demoDay=9 (the demo first builds 9 h of driving ending now: a race day to try)
//   ?demoClock=13:00 (the demo's clock starts at 13:00 today at the track: daylight)
//   ?demoCar=linear (the demo drives a heavier car whose power rises nearly linearly)
//   ?demoInject=1800+0.1:BatteryFaults.Errors.WeakCellFault=true (the demo sets
//   packet fields from given moments, as the feed server's --inject does)
//   ?sharedCore=0 (this window gets a core of its own, as in a browser without
//   SharedWorker) and ?coreStorage=inline (a measuring switch: the shared
//   core writes IndexedDB on its own thread; see docs/architecture.md)
// ?backend and ?upgrade become the settings shown (and saved, src/main.tsx);
// the others last for the visit.
import type { DemoCar, Injection, WorkerConfig } from "../../workers/contract/config";
import type { FieldInfo } from "../../workers/contract/fields";
import { INJECT_SYNTAX, parseInjections, type FieldTypeOf } from "../../workers/shared/injection";
import { DEFAULT_BACKEND_URL } from "../../workers/shared/backendUrl";
import { DEMO_CARS } from "../../workers/shared/demoCars";
import { parseTimeOfDay, timeTodayInZone, TRACK_TIME_ZONE } from "../../workers/shared/dateTime";
import { LiveStore } from "./liveStore";
import { hostingFor, TelemetryClient } from "./TelemetryClient";
import { savedCoreName } from "./coreName";
import type { Telemetry } from "./hooks";

/** The ping intervals ?pingMs may ask for: each ping is a message each way. */
const PING_MS = { min: 100, max: 60_000 };

export function configFromUrl(search: string, nowMs = Date.now()): Partial<WorkerConfig> {
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
  const pingMs = Number(params.get("pingMs"));
  if (pingMs >= PING_MS.min && pingMs <= PING_MS.max) config.pingIntervalMs = pingMs;
  const day = demoDayFromUrl(search);
  if (day.hours !== null) config.demoDayHours = day.hours;
  const clock = demoClockFromUrl(search, nowMs);
  if (clock.offsetMs !== null) config.demoClockOffsetMs = clock.offsetMs;
  const car = demoCarFromUrl(search).car;
  if (car !== null) config.demoCar = car;
  const { injections } = demoInjectFromUrl(search);
  if (injections.length > 0) config.demoInjections = injections;
  return config;
}

/**
 * ?demoInject=<items>: values the demo sets on its packets from given moments,
 * the feed server's --inject items (INJECT_SYNTAX) separated by commas, e.g.
 * ?demoInject=1800+0.1:BatteryFaults.Errors.WeakCellFault=true. A "+" is read
 * as itself, not as a space (%20 writes a space in a text value). The page
 * has no packet schema: without `fieldType` it checks the times and the
 * spelling, and the values stay text for the worker to read as their fields'
 * types; with it (the worker's field catalog, once loaded) the fields and
 * values too. Any mistake drops them all, and `problem` says why (a notice).
 */
export function demoInjectFromUrl(
  search: string,
  fieldType?: FieldTypeOf,
): { injections: Injection[]; problem: string | null } {
  const raw = rawParam(search, "demoInject");
  if (raw === null) return { injections: [], problem: null };
  try {
    return { injections: parseInjections(raw, "?demoInject", fieldType), problem: null };
  } catch (error) {
    return {
      injections: [],
      problem:
        `The demo injects nothing: ${(error as Error).message}. ` +
        `Write ?demoInject=${INJECT_SYNTAX},… e.g. ` +
        `?demoInject=1800+0.1:BatteryFaults.Errors.WeakCellFault=true.`,
    };
  }
}

/** The field types of the worker's catalog, for demoInjectFromUrl's full check. */
export function catalogFieldType(catalog: readonly FieldInfo[]): FieldTypeOf {
  const types = new Map(catalog.map((info) => [info.path, info.type]));
  return (path) => types.get(path);
}

/**
 * A parameter's value decoded as a URI component, where "+" stays "+" (the
 * injection syntax's duration), unlike URLSearchParams. Null when absent.
 */
function rawParam(search: string, name: string): string | null {
  for (const pair of search.replace(/^\?/, "").split("&")) {
    const eq = pair.indexOf("=");
    if ((eq < 0 ? pair : pair.slice(0, eq)) !== name) continue;
    const value = eq < 0 ? "" : pair.slice(eq + 1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value; // a stray "%": read as written, the parser says what is wrong
    }
  }
  return null;
}

/**
 * ?demoCar=<car>: which simulated car DEMO drives. A car the demo does not
 * have is ignored, and `problem` says why (shown as a notice).
 */
export function demoCarFromUrl(search: string): { car: DemoCar | null; problem: string | null } {
  const raw = new URLSearchParams(search).get("demoCar");
  if (raw === null) return { car: null, problem: null };
  if (DEMO_CARS.includes(raw as DemoCar)) return { car: raw as DemoCar, problem: null };
  return {
    car: null,
    problem: `The demo drives its usual car: "?demoCar=${raw}" should be one of ${DEMO_CARS.join(", ")}, e.g. ?demoCar=linear.`,
  };
}

/**
 * ?demoClock=HH:MM: the demo's clock starts at that time of day at the track
 * (America/Chicago), on the date it is there now, and runs on from it; the
 * result is that clock minus the wall clock. Anything but a 24-hour "HH:MM" is
 * ignored, and `problem` says why (shown as a notice).
 */
export function demoClockFromUrl(
  search: string,
  nowMs: number,
): { offsetMs: number | null; problem: string | null } {
  const raw = new URLSearchParams(search).get("demoClock");
  if (raw === null) return { offsetMs: null, problem: null };
  const time = parseTimeOfDay(raw);
  if (time) {
    return { offsetMs: timeTodayInZone(time.hours, time.minutes, nowMs) - nowMs, problem: null };
  }
  return {
    offsetMs: null,
    problem:
      `The demo runs on this computer's clock: "?demoClock=${raw}" should be a time of day ` +
      `at the track (${TRACK_TIME_ZONE}) as HH:MM, e.g. ?demoClock=13:00.`,
  };
}

/** Longest demo day the worker builds (hours). */
const MAX_DEMO_DAY_HOURS = 24;

/**
 * ?demoDay=<hours>: hours of demo driving to build before going live. A value
 * outside 0 < hours ≤ 24 is ignored, and `problem` says why (shown as a notice).
 */
export function demoDayFromUrl(search: string): { hours: number | null; problem: string | null } {
  const raw = new URLSearchParams(search).get("demoDay");
  if (raw === null) return { hours: null, problem: null };
  const hours = Number(raw);
  if (raw.trim() !== "" && Number.isFinite(hours) && hours > 0 && hours <= MAX_DEMO_DAY_HOURS)
    return { hours, problem: null };
  return {
    hours: null,
    problem:
      `The demo day was not built: "?demoDay=${raw}" should be a number of hours ` +
      `above 0 and at most ${MAX_DEMO_DAY_HOURS}, e.g. ?demoDay=9.`,
  };
}

export function createTelemetry(
  config: Partial<WorkerConfig>,
  search = typeof location === "undefined" ? "" : location.search,
): Telemetry {
  const inline = new URLSearchParams(search).get("coreStorage") === "inline";
  const failed = sharedCoreFailedBefore();
  const client = new TelemetryClient(
    { backendUrl: DEFAULT_BACKEND_URL, ...config },
    {
      hosting: hostingFor(search, undefined, failed),
      ...(inline ? { coreStorage: "inline" as const } : {}),
      onSharedCoreFailed: sharedCoreFailed,
      coreName: savedCoreName(localStorageOrNone()),
    },
  );
  const live = new LiveStore(client);
  return { client, live };
}

/** The page's localStorage, or none where reading it throws (a sandboxed frame). */
function localStorageOrNone(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** sessionStorage: this window's shared core did not load; it runs a core of its own. */
const SHARED_CORE_FAILED_KEY = "helios.sharedCoreFailed";

function sharedCoreFailedBefore(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(SHARED_CORE_FAILED_KEY) === "1";
  } catch {
    return false;
  }
}

/** The shared core's script did not load: start again with a core of this window's own. */
function sharedCoreFailed(): void {
  try {
    globalThis.sessionStorage?.setItem(SHARED_CORE_FAILED_KEY, "1");
  } catch {
    return; // no way to remember: a reload would fail the same way
  }
  globalThis.location?.reload();
}
