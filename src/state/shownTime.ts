// Which clock every time on screen is read on (Settings → Display → "Show
// times in"): the race's time zone, as the Strategy settings name it, or
// this computer's. A team from Calgary racing in Kentucky reads one clock:
// the status bar, the alerts, the plots and the strategy alike. The choice
// is saved with the settings (appState.timesIn); the race's zone is the
// core's (learnt by src/shell/wiring/useRaceZone.ts), and until it is known
// times are this computer's. Every window of the browser follows a change
// made in another (their saves share one localStorage).
import { proxy } from "valtio";
import { subscribeKey } from "valtio/utils";
import { localTimeZone, showTimesIn } from "../../workers/shared/dateTime";
import { appState } from "./appState";
import { STORAGE_KEYS, savedTimesIn, type TimesIn } from "./settingsSchema";

export interface ShownTime {
  /** The race's zone (IANA name) once the core said it; null while unknown. */
  raceZone: string | null;
  /** This computer's zone by name: the page's (a worker's own clock may not be it). */
  computerZone: string;
  /** The zone every time on this page is written in; the plots' render worker is told it. */
  zone: string;
}

/** The zone times are shown in for a choice: the race's when known, else this computer's. */
export function zoneShown(timesIn: TimesIn, raceZone: string | null, computerZone: string): string {
  return timesIn === "race" && raceZone !== null ? raceZone : computerZone;
}

const computerZone = localTimeZone();

export const shownTime = proxy<ShownTime>({
  raceZone: null,
  computerZone,
  zone: computerZone,
});

/** Puts the zone in force: the formatter first, so whatever renders for the change writes in it. */
function apply(): void {
  const zone = zoneShown(appState.timesIn, shownTime.raceZone, shownTime.computerZone);
  showTimesIn(zone);
  if (shownTime.zone !== zone) shownTime.zone = zone;
}

apply();
subscribeKey(appState, "timesIn", apply);

/** The race's zone as the core holds it now (null: unknown). */
export function learnRaceZone(zone: string | null): void {
  if (shownTime.raceZone !== zone) shownTime.raceZone = zone;
  apply();
}

/** The user's choice (saved with the settings by persistence.ts). */
export function setTimesIn(choice: TimesIn): void {
  appState.timesIn = choice;
  apply();
}

// Another window saved a new choice: this one follows at once.
globalThis.addEventListener?.("storage", (event: StorageEvent) => {
  if (event.key !== STORAGE_KEYS.settings) return;
  const choice = savedTimesIn(event.newValue);
  if (choice !== null && choice !== appState.timesIn) setTimesIn(choice);
});
