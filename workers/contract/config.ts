import type { ConnectionType } from "./fields";
import type { LapCoords } from "./laps";

/** The simulated cars DEMO can drive (workers/shared/demoCars.ts lists them). */
export type DemoCar = "light" | "linear";

/**
 * A value set on packets from a given moment (the feed server's --inject, the
 * demo's ?demoInject): workers/shared/injection.ts parses, checks and applies it.
 */
export interface Injection {
  /**
   * Seconds of the source's data clock, counted from its first packet, when
   * the value starts (packet time: the same as wall seconds unless sped up).
   */
  atSeconds: number;
  /** A packet field path, as in the schema: "MotorDetails0.HeatsinkTemperature". */
  field: string;
  /** A number for a numeric field, true/false for a flag, text for a string field. */
  value: number | boolean | string;
  /** How long it lasts, seconds of the same clock (default: to the end). */
  forSeconds?: number;
}

export interface WorkerConfig {
  /** Backend base URL for Socket.IO and REST, default "http://localhost:3001". */
  backendUrl: string;
  /** Try the backend on start (the spec's "socket connects while DEMO"). */
  connectToBackend: boolean;
  /** The saved (or default DEMO) source to start in; DEMO switches to NETWORK/RADIO when those connect. */
  connectionType: ConnectionType;
  /** Packets kept in history (fixed at start). */
  historyCapacity: number;
  /** Record live packets to IndexedDB (default true). */
  recording: boolean;
  /** Recording budget in bytes; 0 = half of the storage quota. */
  sessionBudgetBytes: number;
  /** Demo packets per second (default 2, i.e. every 500 ms). */
  demoRate: number;
  /**
   * Hours of demo driving (at 10 packets/s, ending now) built at full speed
   * before the demo goes live: a race day to try (?demoDay=9). 0 = none; at most 24.
   */
  demoDayHours: number;
  /**
   * Values the demo sets on its packets from given moments, counted in packet
   * seconds from its first packet (a built day's first, with a demo day):
   * one-packet faults at known moments for benchmarks (?demoInject=, in the
   * feed server's --inject syntax; workers/shared/injection.ts). Default none;
   * one that does not fit the packet schema drops them all.
   */
  demoInjections: Injection[];
  /**
   * The simulated car's clock minus the wall clock, ms (?demoClock=13:00: daytime at the
   * track whatever the time here). 0 = the wall clock. Its packets carry that time and
   * its sun agrees with it; with an offset, the newest recording is not restored into
   * the live history (its times would run into the new car's).
   */
  demoClockOffsetMs: number;
  /**
   * Which simulated car DEMO drives (?demoCar=linear): "light", the demo's
   * three-wheeler, or "linear", a heavier car whose power rises nearly
   * linearly with speed (docs/strategy-bench.md).
   */
  demoCar: DemoCar;
  /**
   * This start replaces a shared core that stopped (its tab crashed, or the
   * windows replaced a hung one): a DEMO session recorded within the session
   * gap goes on, its simulated car taking up where the recording stopped. A
   * start of the user's own (a first visit, a reload) drives a new car, and a
   * session of its own. Default false.
   */
  restartsCore: boolean;
  /** Latency ping period, ms (default 10_000). */
  pingIntervalMs: number;
  /** The saved finish line: the simulated car laps at it from the start (null = its default line). */
  lapCoords: LapCoords | null;
  /**
   * Let Socket.IO upgrade the backend link from HTTP long-polling to a
   * WebSocket (its default, and ours): see SocketTransport.
   */
  webSocketUpgrade: boolean;
}
