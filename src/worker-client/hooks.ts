// React hooks over the telemetry facade. Components render what these return;
// they never talk to the worker themselves.
import { createContext, useContext, useSyncExternalStore } from "react";
import type { FieldPath, FieldValue } from "../../workers/contract/fields";
import type { LiveStatus, LiveStore } from "./liveStore";
import type { TelemetryClient } from "./TelemetryClient";

export interface Telemetry {
  client: TelemetryClient;
  live: LiveStore;
}

export const TelemetryContext = createContext<Telemetry | null>(null);

export function useTelemetry(): Telemetry {
  const telemetry = useContext(TelemetryContext);
  if (!telemetry) throw new Error("useTelemetry needs a <TelemetryContext.Provider>");
  return telemetry;
}

/** The latest value of one packet field; re-renders only when that field changes. */
export function useField(path: FieldPath): FieldValue | undefined {
  const { live } = useTelemetry();
  return useSyncExternalStore(
    (onChange) => live.subscribeField(path, onChange),
    () => live.get(path),
  );
}

/** Connection state, counters and geo from the newest snapshot (null before the first). */
export function useLiveStatus(): LiveStatus | null {
  const { live } = useTelemetry();
  return useSyncExternalStore(
    (onChange) => live.subscribeStatus(onChange),
    () => live.status,
  );
}

/**
 * One part of the status (e.g. "playback"); re-renders only when that part
 * changed, not with every snapshot (counters move ~10 times a second).
 */
export function useLiveStatusPart<K extends keyof LiveStatus>(part: K): LiveStatus[K] | undefined {
  const { live } = useTelemetry();
  return useSyncExternalStore(
    (onChange) => live.subscribeStatus(onChange),
    () => live.status?.[part],
  );
}
