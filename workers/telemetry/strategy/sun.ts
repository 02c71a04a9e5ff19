// The sun over the car: its elevation at a place and time (suncalc, which
// follows the astronomical almanac's formulas), and the shape of a clear
// sky's light on a flat array at that elevation. The array's own size and
// efficiency, and the clouds, are fitted from its measured power (solarFit.ts).
import { getPosition } from "suncalc";

const DEG = 180 / Math.PI;

/**
 * The sun's apparent elevation above the horizon, degrees (suncalc 2 gives
 * degrees, refraction included), at epoch seconds `time` (negative: below).
 */
export function sunElevationDeg(time: number, lat: number, long: number): number {
  return getPosition(new Date(time * 1000), lat, long).altitude;
}

/**
 * Clear-sky light on a horizontal surface, W/m², at a sun elevation
 * (Haurwitz's model: the sun's height, dimmed by the air mass it shines
 * through). A solar car's array lies nearly flat, so this is its shape.
 */
export function clearSkyIrradiance(elevationDeg: number): number {
  if (elevationDeg <= 0) return 0;
  const s = Math.sin(elevationDeg / DEG);
  return 1098 * s * Math.exp(-0.057 / s);
}
