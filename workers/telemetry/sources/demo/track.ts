// The simulated circuit: a closed ~4 km loop in the area of NCM Motorsports
// Park, Bowling Green, Kentucky, built from a handful of waypoints smoothed
// with a closed Catmull-Rom spline and resampled to equal 2 m steps, so the
// car's position is a cheap lookup by distance along the track.
import { toLatLong, toLocalXY, WAYPOINTS } from "../../../shared/trackCoords";

const STEP_M = 2;
const CURVATURE_WINDOW = 6; // samples either side (±12 m) to smooth curvature

interface TrackPoint {
  lat: number;
  long: number;
  /** Direction of travel, radians from north, clockwise. */
  heading: number;
  /** Signed curvature, 1/m (positive = turning left). */
  curvature: number;
}

function catmullRom(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const t2 = t * t;
  const t3 = t2 * t;
  return (
    0.5 *
    (2 * p1 +
      (-p0 + p2) * t +
      (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 +
      (-p0 + 3 * p1 - 3 * p2 + p3) * t3)
  );
}

/** Dense points of the closed spline through the waypoints. */
function splinePoints(perSegment: number): Array<[number, number]> {
  const n = WAYPOINTS.length;
  const at = (i: number) => WAYPOINTS[((i % n) + n) % n]!;
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const [a, b, c, d] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    for (let k = 0; k < perSegment; k++) {
      const t = k / perSegment;
      out.push([catmullRom(a[0], b[0], c[0], d[0], t), catmullRom(a[1], b[1], c[1], d[1], t)]);
    }
  }
  return out;
}

const wrapAngle = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

export class Track {
  /** Length of one lap, metres. */
  readonly length: number;
  readonly step: number;
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  private readonly heading: Float64Array;
  readonly curvature: Float64Array;

  constructor() {
    const dense = splinePoints(400);
    const cumulative = [0];
    for (let i = 1; i <= dense.length; i++) {
      const [ax, ay] = dense[i - 1]!;
      const [bx, by] = dense[i % dense.length]!;
      cumulative.push(cumulative[i - 1]! + Math.hypot(bx - ax, by - ay));
    }
    this.length = cumulative[dense.length]!;
    const count = Math.round(this.length / STEP_M);
    this.step = this.length / count;
    this.x = new Float64Array(count);
    this.y = new Float64Array(count);
    let j = 0;
    for (let i = 0; i < count; i++) {
      const s = i * this.step;
      while (cumulative[j + 1]! < s) j++;
      const f = (s - cumulative[j]!) / (cumulative[j + 1]! - cumulative[j]! || 1);
      const [ax, ay] = dense[j]!;
      const [bx, by] = dense[(j + 1) % dense.length]!;
      this.x[i] = ax + (bx - ax) * f;
      this.y[i] = ay + (by - ay) * f;
    }
    this.heading = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const k = (i + 1) % count;
      // atan2(dx, dy): compass heading, 0 = north, clockwise positive.
      this.heading[i] = Math.atan2(this.x[k]! - this.x[i]!, this.y[k]! - this.y[i]!);
    }
    this.curvature = new Float64Array(count);
    const w = CURVATURE_WINDOW;
    for (let i = 0; i < count; i++) {
      const ahead = this.heading[(i + w) % count]!;
      const behind = this.heading[(i - w + count) % count]!;
      // Compass heading grows clockwise, so a left turn is a decreasing heading.
      this.curvature[i] = -wrapAngle(ahead - behind) / (2 * w * this.step);
    }
  }

  get sampleCount(): number {
    return this.x.length;
  }

  /** Position and direction at `s` metres along the lap (wraps). */
  pointAt(s: number): TrackPoint {
    const count = this.x.length;
    const pos = (((s % this.length) + this.length) % this.length) / this.step;
    const i = Math.floor(pos) % count;
    const k = (i + 1) % count;
    const f = pos - Math.floor(pos);
    const { lat, long } = toLatLong(
      this.x[i]! + (this.x[k]! - this.x[i]!) * f,
      this.y[i]! + (this.y[k]! - this.y[i]!) * f,
    );
    const curvature = this.curvature[i]! + (this.curvature[k]! - this.curvature[i]!) * f;
    return { lat, long, heading: this.heading[i]!, curvature };
  }

  /** The track sample nearest to a point: metres along the lap, and how far off the track it is. */
  nearest(lat: number, long: number): { along: number; offTrackM: number } {
    const [px, py] = toLocalXY(lat, long);
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < this.x.length; i++) {
      const d = Math.hypot(this.x[i]! - px, this.y[i]! - py);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    return { along: best * this.step, offTrackM: bestD };
  }

  /**
   * Highest comfortable speed at every sample: limited by lateral grip in
   * corners, then smoothed by how hard the car can accelerate and brake
   * (two passes each way around the loop, as it is closed).
   */
  speedProfile(maxSpeed: number, lateralAccel: number, accel: number, brake: number): Float64Array {
    const count = this.x.length;
    const v = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const k = Math.abs(this.curvature[i]!);
      v[i] = Math.min(maxSpeed, k > 1e-6 ? Math.sqrt(lateralAccel / k) : maxSpeed);
    }
    for (let pass = 0; pass < 2 * count; pass++) {
      const i = pass % count;
      const prev = v[(i - 1 + count) % count]!;
      v[i] = Math.min(v[i]!, Math.sqrt(prev * prev + 2 * accel * this.step));
    }
    for (let pass = 2 * count - 1; pass >= 0; pass--) {
      const i = pass % count;
      const next = v[(i + 1) % count]!;
      v[i] = Math.min(v[i]!, Math.sqrt(next * next + 2 * brake * this.step));
    }
    return v;
  }
}

export const TRACK = new Track();
