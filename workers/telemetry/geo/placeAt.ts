// Where the car was at a moment: the GPS fix of the packet at that time, else
// the nearest one a few rows either side (a packet without a fix, or a
// moment between packets). The map's pins (alerts, notes) are placed with it.
import type { ColumnRing } from "../history/ColumnRing";
import { lowerBound } from "../history/downsample";
import { hasFix } from "../../shared/gpsFix";
import { LAT, LONG } from "./trackThin";

/** Rows searched either side of the moment for a GPS fix (5 s at 10 packets/s). */
const FIX_SEARCH_ROWS = 50;

/** The car's position at packet time `time` (epoch s), or null when no fix is near. */
export function placeAt(ring: ColumnRing, time: number): { lat: number; long: number } | null {
  const at = lowerBound(ring.length, (k) => ring.time(k), time);
  for (let d = 0; d <= FIX_SEARCH_ROWS; d++)
    for (const i of [at - d, at + d]) {
      if (i < 0 || i >= ring.length) continue;
      const lat = ring.number(i, LAT);
      const long = ring.number(i, LONG);
      if (hasFix(lat, long)) return { lat, long };
    }
  return null;
}
