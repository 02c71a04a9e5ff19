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

/** Haurwitz's air's dimming: how much an air mass of 1 takes, as exp(−τ·air mass). */
export const HAURWITZ_TAU = 0.057;

/**
 * Clear-sky light on a horizontal surface, W/m², at a sun elevation
 * (Haurwitz's model: the sun's height, dimmed by the air mass it shines
 * through, 1 / sin h). A solar car's array lies nearly flat, so this is its
 * shape. `tau`: the air's dimming, Haurwitz's unless fitted to the day.
 */
export function clearSkyIrradiance(elevationDeg: number, tau = HAURWITZ_TAU): number {
  if (elevationDeg <= 0) return 0;
  const s = Math.sin(elevationDeg / DEG);
  return 1098 * s * Math.exp(-tau / s);
}

/**
 * The air's dimming fitted to a day's array power: over the clearest minutes
 * at each air mass (the upper envelope: each 0.1 of air mass's 90th
 * percentile), ln(P / sin h) falls linearly with the air mass 1 / sin h, by
 * τ. Haurwitz's τ when the day does not span enough air masses or clouds
 * leave no envelope (fewer than 3 bands of 5 minutes, or a result outside
 * the physical 0.02–0.4).
 */
export function fitAirDimming(
  elevationsDeg: readonly number[],
  powersW: readonly number[],
): number {
  const bands = new Map<number, { x: number; y: number }[]>();
  for (let i = 0; i < elevationsDeg.length; i++) {
    const s = Math.sin(elevationsDeg[i]! / DEG);
    if (!(s > 0.2) || !(powersW[i]! > 0)) continue;
    const band = Math.round(10 / s);
    let points = bands.get(band);
    if (!points) bands.set(band, (points = []));
    points.push({ x: 1 / s, y: Math.log(powersW[i]! / s) });
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (const points of bands.values()) {
    if (points.length < 5) continue;
    points.sort((a, b) => a.y - b.y);
    const top = points[Math.floor(0.9 * (points.length - 1))]!;
    xs.push(top.x);
    ys.push(top.y);
  }
  if (xs.length < 3 || Math.max(...xs) - Math.min(...xs) < 0.3) return HAURWITZ_TAU;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  const tau = -sxy / sxx;
  return tau >= 0.02 && tau <= 0.4 ? tau : HAURWITZ_TAU;
}
