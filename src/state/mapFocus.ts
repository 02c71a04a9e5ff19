// A place another panel (the Alerts tab) asks the map to show: where the car
// was at a moment. The Map panel draws a marker there and centres on it once,
// when it is (or next gets) mounted: a map mounted again later shows the
// marker but keeps the view the user (or a layout) has set since. The
// position comes from the worker (history stays there); this holds only the
// answer.
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
/** The last request the map was centred on. */
let centred = 0;

export function focusMap(time: number, lat: number, long: number, label: string): void {
  if (![time, lat, long].every(Number.isFinite)) return;
  mapFocus.focus = { time, lat, long, label, seq: ++seq };
}

/** Whether the map is still to centre on `focus` (true once per request). */
export function claimCentring(focus: MapFocus): boolean {
  if (focus.seq <= centred) return false;
  centred = focus.seq;
  return true;
}
