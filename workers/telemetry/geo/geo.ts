// Great-circle maths on a spherical Earth (shared/earth.ts) and the
// distance/heading accumulator fed by every accepted packet.
import { EARTH_RADIUS_M } from "../../shared/earth";
import { hasFix } from "../../shared/gpsFix";

const EARTH_RADIUS_KM = EARTH_RADIUS_M / 1000;
const RAD = Math.PI / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from point 1 towards point 2, degrees in [0, 360). */
export function initialBearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const phi1 = lat1 * RAD;
  const phi2 = lat2 * RAD;
  const dLambda = (lon2 - lon1) * RAD;
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  const deg = Math.atan2(y, x) / RAD;
  const wrapped = (deg + 360) % 360;
  return wrapped >= 360 ? 0 : wrapped; // (-1e-15 + 360) % 360 rounds to 360
}

/** Jumps longer than this between consecutive fixes are GPS glitches, not driving. */
export const GLITCH_KM = 1;
/** Heading only follows movements longer than this (GPS jitter at standstill). */
const HEADING_MIN_KM = 0.001;

/**
 * Sums the haversine distance of consecutive GPS fixes. A reading without a fix
 * (shared/gpsFix.ts) is ignored. A jump > 1 km is not counted, but the track continues from
 * the new point, so a single outlier costs two ignored steps and a genuine
 * relocation (car moved on a trailer while offline) is not rejected forever.
 */
export class TrackDistance {
  distanceKm = 0;
  headingDeg: number | null = null;
  lat: number | null = null;
  long: number | null = null;
  private anchorLat = 0; // where the heading was last measured from
  private anchorLong = 0;

  add(lat: number, long: number): void {
    if (!hasFix(lat, long)) return;
    if (this.lat === null || this.long === null) {
      this.lat = this.anchorLat = lat;
      this.long = this.anchorLong = long;
      return;
    }
    const step = haversineKm(this.lat, this.long, lat, long);
    this.lat = lat;
    this.long = long;
    if (step > GLITCH_KM) {
      this.anchorLat = lat;
      this.anchorLong = long;
      return;
    }
    this.distanceKm += step;
    if (haversineKm(this.anchorLat, this.anchorLong, lat, long) > HEADING_MIN_KM) {
      this.headingDeg = initialBearingDeg(this.anchorLat, this.anchorLong, lat, long);
      this.anchorLat = lat;
      this.anchorLong = long;
    }
  }

  reset(): void {
    this.distanceKm = 0;
    this.headingDeg = null;
    this.lat = null;
    this.long = null;
  }
}
