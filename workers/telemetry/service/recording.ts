// The recording's one home (DESIGN: "never let two cores write one
// recording"): the core opens it once per run, whatever number of windows
// look. The options may name no IndexedDB or storage estimate (tests, private
// mode); undefined means "this thread's own".
import { Sessions, type StorageEstimator } from "../sessions/Sessions";
import type { SessionEvent } from "../../contract/events";
import type { Timers } from "../sources/timers";
import type { TelemetryCoreOptions } from "./coreTypes";

type Notice = (level: "warning" | "error", message: string) => void;

export function openSessions(
  options: TelemetryCoreOptions,
  timers: Timers,
  notice: Notice,
  startEvents: (time: number) => SessionEvent[],
): Sessions {
  const factory =
    options.indexedDB === undefined
      ? (globalThis as { indexedDB?: IDBFactory }).indexedDB
      : (options.indexedDB ?? undefined);
  const storage =
    options.storage === undefined
      ? (globalThis as { navigator?: { storage?: StorageEstimator } }).navigator?.storage
      : (options.storage ?? undefined);
  return new Sessions({
    factory,
    storage,
    timers,
    flushMs: options.recordFlushMs,
    gapMs: options.sessionGapMs,
    openStore: options.sessionStore,
    notice,
    startEvents,
  });
}
