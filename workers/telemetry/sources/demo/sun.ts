// The real sun over the simulated car: its position for the car's latitude,
// longitude and the time its packets carry (suncalc), and the light a
// near-flat array gets from it under a clear sky. Clouds are weather.ts.
import { getPosition } from "suncalc";

/** Solar constant, W/m², and the reference the array's rating is given at. */
const SOLAR_CONSTANT = 1353;
const RATED_IRRADIANCE = 1000;
/** Panels lie almost flat on the body; this much tilt towards the nose. */
const ARRAY_TILT_RAD = (3 * Math.PI) / 180;
/** Diffuse sky light on top of the direct beam, as a share of it. */
const DIFFUSE_SHARE = 0.1;
const DEG = Math.PI / 180;

export interface SunPosition {
  /** Apparent elevation above the horizon, degrees (negative: below it). */
  elevationDeg: number;
  /** Degrees clockwise from north. */
  azimuthDeg: number;
}

/** Where the sun stands for an observer at lat/long at epoch seconds `timeS`. */
export function sunPosition(timeS: number, lat: number, long: number): SunPosition {
  const { altitude, azimuth } = getPosition(new Date(timeS * 1000), lat, long);
  return { elevationDeg: altitude, azimuthDeg: azimuth };
}

/**
 * Relative optical air mass at a solar elevation (Kasten & Young's formula):
 * 1 overhead, ~38 at the horizon, so low sun goes through far more air.
 */
function airMass(elevationDeg: number): number {
  const zenith = 90 - elevationDeg;
  return 1 / (Math.cos(zenith * DEG) + 0.50572 * (96.07995 - zenith) ** -1.6364);
}

/**
 * Clear-sky irradiance on the array as a share of its rating (1 = 1000 W/m²):
 * the direct beam attenuated by the air mass (the Meinel clear-sky model) plus
 * a diffuse share, projected on the array's plane (tilted slightly towards the
 * car's heading, radians clockwise from north). Zero with the sun down.
 */
export function clearSkyIrradiance(sun: SunPosition, headingRad: number): number {
  if (sun.elevationDeg <= 0) return 0;
  const beam = SOLAR_CONSTANT * 0.7 ** (airMass(sun.elevationDeg) ** 0.678);
  const elevation = sun.elevationDeg * DEG;
  // Angle between the sun and the array's normal: flat gives sin(elevation).
  const incidence =
    Math.sin(elevation) * Math.cos(ARRAY_TILT_RAD) +
    Math.cos(elevation) * Math.sin(ARRAY_TILT_RAD) * Math.cos(sun.azimuthDeg * DEG - headingRad);
  const direct = beam * Math.max(0, incidence);
  const diffuse = DIFFUSE_SHARE * beam * Math.sin(elevation);
  return (direct + diffuse) / RATED_IRRADIANCE;
}
