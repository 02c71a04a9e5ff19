// A place another panel (the Alerts tab) asks the map to show: where the car
// was at a moment. The Map panel draws a marker there and centres on it when
// it is (or next gets) mounted. The position comes from the worker (history
// stays there); this holds only the answer.
import { proxy } from "valtio";

export interface MapFocus {
  /** Packet time, epoch seconds. */
  time: number;
  lat: number;
  long: number;
  /** What happened there, for the marker's tooltip ("Pack voltage high"). */
  label: string;
  /** Bumped per request so the same place asked twice is centred twice. */
  seq: number;
}

export const mapFocus = proxy<{ focus: MapFocus | null }>({ focus: null });

let seq = 0;

export function focusMap(time: number, lat: number, long: number, label: string): void {
  if (![time, lat, long].every(Number.isFinite)) return;
  mapFocus.focus = { time, lat, long, label, seq: ++seq };
}
