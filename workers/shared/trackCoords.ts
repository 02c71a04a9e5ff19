// Where the simulated circuit lies: waypoints around NCM Motorsports Park,
// Bowling Green, Kentucky, and the map defaults derived from them. No track
// building here, so the UI may import these constants cheaply.
import type { LapCoords } from "../contract/laps";
import { EARTH_RADIUS_M } from "./earth";

/** Local origin of the track's east/north metre grid. */
const ORIGIN_LAT = 36.9905;
const ORIGIN_LONG = -86.3725;
const DEG = 180 / Math.PI;

// Waypoints in metres (east, north), driven in this order; the first one is
// on the main straight and is the start/finish line.
const SCALE = 1.25;
const RAW_WAYPOINTS: Array<[number, number]> = [
  [0, 0],
  [500, 0],
  [800, 40],
  [950, 180],
  [900, 350],
  [700, 420],
  [550, 330],
  [400, 380],
  [250, 520],
  [0, 560],
  [-250, 480],
  [-380, 300],
  [-300, 150],
  [-420, 60],
  [-300, -40],
];
export const WAYPOINTS = RAW_WAYPOINTS.map(([x, y]): [number, number] => [x * SCALE, y * SCALE]);

export function toLatLong(x: number, y: number): LapCoords {
  const lat = ORIGIN_LAT + (y / EARTH_RADIUS_M) * DEG;
  const long = ORIGIN_LONG + (x / (EARTH_RADIUS_M * Math.cos(ORIGIN_LAT / DEG))) * DEG;
  return { lat, long };
}

/** Inverse of toLatLong: metres east/north of the track's origin. */
export function toLocalXY(lat: number, long: number): [number, number] {
  const y = ((lat - ORIGIN_LAT) / DEG) * EARTH_RADIUS_M;
  const x = ((long - ORIGIN_LONG) / DEG) * EARTH_RADIUS_M * Math.cos(ORIGIN_LAT / DEG);
  return [x, y];
}

/** The finish line: the start of the main straight. */
export const DEFAULT_LAP_COORDS: LapCoords = toLatLong(0, 0);

/** Middle of the circuit, for the map's first view. */
export const DEFAULT_MAP_CENTER: LapCoords = (() => {
  const xs = WAYPOINTS.map((p) => p[0]);
  const ys = WAYPOINTS.map((p) => p[1]);
  return toLatLong(
    (Math.min(...xs) + Math.max(...xs)) / 2,
    (Math.min(...ys) + Math.max(...ys)) / 2,
  );
})();
