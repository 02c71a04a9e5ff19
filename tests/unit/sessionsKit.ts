// What the session tests share: timers that never fire (the tests flush by
// hand), recording settings with no budget and no backend, and a wait for a
// service's snapshot to show something (fake-indexeddb answers on real timers).
import type { Snapshot } from "../../workers/contract/snapshot";
import type { TelemetryService } from "../../workers/telemetry/TelemetryService";
import type { Timers } from "../../workers/telemetry/sources/timers";

export const stillTimers: Timers = {
  now: () => 10_000_000,
  setInterval: () => 1,
  clearInterval: () => undefined,
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

export const recordingSettings = { recording: true, budgetBytes: 0, backendUrl: () => "" };

/** One turn of real timers: fake-indexeddb's requests complete meanwhile. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The service's first snapshot for which `done` holds (after at most 200 turns, an error). */
export async function until(
  service: TelemetryService,
  done: (s: Snapshot) => boolean,
): Promise<Snapshot> {
  for (let i = 0; i < 200; i++) {
    const snap = service.snapshot(0);
    if (done(snap)) return snap;
    await settle();
  }
  throw new Error("timed out");
}

/** Every record of one of the app's IndexedDB stores ("chunks", "summaries"), as stored. */
export function storedRecords<T>(factory: IDBFactory, store: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const open = factory.open("helios-sessions");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction(store).objectStore(store).getAll();
      get.onerror = () => reject(get.error);
      get.onsuccess = () => {
        resolve(get.result as T[]);
        open.result.close();
      };
    };
  });
}
