// The simulated weather forecast (issue 59, "Weather forecasts in"): what a
// forecast service would have said of the simulator's own future sky, with
// errors like real forecasts'. The simulator's sky is the truth; this file
// only adds the errors the issue defines, and it is the bench's: the
// forecaster never imports it (it reads the files these forecasts are
// written as, through the app's own parsers).
//
// What it forecasts: the hourly mean of global horizontal irradiance (GHI) at
// the car's place, W/m², each hour labelled by its end (as Solcast's
// period_end and Open-Meteo's radiation variables are).
// - Error size σ(L) at lead L (from the issue time to the hour's middle),
//   over daylight with the sun above 10°: 60 W/m² at 15 min, rising linearly
//   to 140 at 3 h (satellite nowcasts, Urbich et al. 2019); 140 from 3 h to
//   24 h, then 10 more per further day (weather models against persistence,
//   Perez et al. 2013). Below 10° it shrinks with the clear sky's light.
// - Errors that hold together: the issue at a longer lead keeps the error of
//   the issue at a shorter one and adds independent noise of variance
//   σ²(L₂) − σ²(L₁), so averaging successive issues does not remove it. Each
//   issue's added noise runs along the target hours as AR(1) with a 2-hour
//   e-folding time.
// - Cloudy-sky bias: +β·(clear − true), β rising from 0 at lead 0 to 0.2 at
//   3 h and beyond (Mathiesen & Kleissl 2011: about +140 W/m² at an overcast
//   noon).
// - Bands: p10/p90 = p50 ∓ 1.28 σ, from the random part only.
// Each issue's noise is seeded by the event's seed and its issue time (day, hour, minute).
import { clearSkyIrradiance, sunPosition } from "../workers/telemetry/sources/demo/sun";
import { createRandom } from "../workers/telemetry/sources/demo/random";

const HOUR = 3600;
/** Samples per hour for the hourly means (each minute's middle). */
const SAMPLES = 60;
const Z90 = 1.2816;
/** The error's e-folding time along the target hours, h. */
const ERROR_MEMORY_H = 2;
const LOW_SUN_DEG = 10;

/** σ(L), W/m², at lead `leadH` hours. */
export function sigmaAt(leadH: number): number {
  const l = Math.max(0.25, leadH);
  if (l <= 3) return 60 + ((140 - 60) * (l - 0.25)) / (3 - 0.25);
  if (l <= 24) return 140;
  return 140 + (10 * (l - 24)) / 24;
}

/** β(L): the share of the clouds' dimming the forecast misses, at lead `leadH` hours. */
export const betaAt = (leadH: number): number => 0.2 * Math.min(1, Math.max(0, leadH) / 3);

/** The simulator's clear sky on a horizontal plane, W/m² (the array's model, its tilt turned aside). */
export function clearGhi(timeS: number, lat: number, long: number): number {
  const sun = sunPosition(timeS, lat, long);
  // With the tilt's axis along the sun's azimuth the array is as good as flat
  // (cos 3° of it): sun.ts's clear sky, as a horizontal irradiance.
  const sideways = ((sun.azimuthDeg + 90) * Math.PI) / 180;
  return 1000 * clearSkyIrradiance(sun, sideways);
}

/** One forecast hour: the mean GHI expected over the hour ending at `end`, W/m². */
export interface ForecastHour {
  end: number;
  p50: number;
  p10: number;
  p90: number;
}

export interface IssuedForecast {
  issuedAt: number;
  /** When a user could have it (10 minutes after the issue). */
  availableAt: number;
  lat: number;
  long: number;
  hours: ForecastHour[];
}

export interface SimulatedForecastOptions {
  seed: number;
  lat: number;
  long: number;
  /** The simulator's sky: the share of the clear sky's light that gets through at t. */
  transmission: (timeS: number) => number;
  /** The issue times (epoch s), oldest first: every error chain runs through them. */
  issues: readonly number[];
  /** The end of the event (epoch s): each issue forecasts every hour to it. */
  endAt: number;
}

/** A normal draw from a uniform generator (Box–Muller). */
function normal(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export class SimulatedForecasts {
  private readonly o: SimulatedForecastOptions;
  /** The clock hours (their ends) from the first issue's hour to the event's end. */
  private readonly ends: number[] = [];
  private readonly truth: number[] = [];
  private readonly clear: number[] = [];
  /** Per issue: its AR(1) noise along the hours (unit variance). */
  private readonly noise = new Map<number, Float64Array>();

  constructor(options: SimulatedForecastOptions) {
    this.o = options;
    const first = Math.floor(options.issues[0]! / HOUR) * HOUR + HOUR;
    for (let end = first; end <= Math.ceil(options.endAt / HOUR) * HOUR; end += HOUR) {
      this.ends.push(end);
      let t = 0;
      let c = 0;
      for (let k = 0; k < SAMPLES; k++) {
        const at = end - HOUR + ((k + 0.5) * HOUR) / SAMPLES;
        const cs = clearGhi(at, options.lat, options.long);
        c += cs / SAMPLES;
        t += (cs * options.transmission(at)) / SAMPLES;
      }
      this.truth.push(t);
      this.clear.push(c);
    }
  }

  /** The true mean GHI over the hour ending at `end` (the simulator's), W/m². */
  truthAt(end: number): number {
    return this.truth[this.indexOf(end)]!;
  }

  /** The clear sky's mean GHI over the hour ending at `end`, W/m². */
  clearAt(end: number): number {
    return this.clear[this.indexOf(end)]!;
  }

  /** The forecast issued at `issuedAt` (one of the options' issues). */
  issue(issuedAt: number): IssuedForecast {
    const at = this.o.issues.indexOf(issuedAt);
    if (at < 0) throw new Error(`no issue at ${new Date(issuedAt * 1000).toISOString()}`);
    const hours: ForecastHour[] = [];
    this.ends.forEach((end, h) => {
      if (end <= issuedAt) return;
      const sigma = this.sigma(issuedAt, h);
      const error = this.errorOf(at, h);
      const lead = (end - HOUR / 2 - issuedAt) / HOUR;
      const bias = betaAt(lead) * (this.clear[h]! - this.truth[h]!);
      const p50 = Math.max(0, this.truth[h]! + bias + error);
      hours.push({
        end,
        p50,
        p10: Math.max(0, p50 - Z90 * sigma),
        p90: p50 + Z90 * sigma,
      });
    });
    return { issuedAt, availableAt: issuedAt + 600, lat: this.o.lat, long: this.o.long, hours };
  }

  /** The random part of issue `at`'s error for hour h: its own noise and every later issue's. */
  errorOf(at: number, h: number): number {
    const issues = this.o.issues;
    const end = this.ends[h]!;
    let error = 0;
    for (let j = at; j < issues.length && issues[j]! < end; j++) {
      const variance = this.sigma(issues[j]!, h) ** 2;
      const next = issues[j + 1];
      // The next issue's own error is kept; this one adds the rest.
      const nextVariance = next !== undefined && next < end ? this.sigma(next, h) ** 2 : 0;
      error += Math.sqrt(Math.max(0, variance - nextVariance)) * this.noiseOf(issues[j]!)[h]!;
    }
    return error;
  }

  /** σ for hour h from an issue at `issuedAt`, shrunk with the light when the sun is low. */
  private sigma(issuedAt: number, h: number): number {
    const end = this.ends[h]!;
    const lead = (end - HOUR / 2 - issuedAt) / HOUR;
    const lowSun = clearAtElevation(LOW_SUN_DEG);
    return sigmaAt(lead) * Math.min(1, this.clear[h]! / lowSun);
  }

  private noiseOf(issuedAt: number): Float64Array {
    let z = this.noise.get(issuedAt);
    if (!z) {
      const random = createRandom(Math.imul(this.o.seed, 2654435761) ^ Math.floor(issuedAt / 60));
      const phi = Math.exp(-1 / ERROR_MEMORY_H);
      z = new Float64Array(this.ends.length);
      z[0] = normal(random);
      for (let h = 1; h < z.length; h++)
        z[h] = phi * z[h - 1]! + Math.sqrt(1 - phi * phi) * normal(random);
      this.noise.set(issuedAt, z);
    }
    return z;
  }

  private indexOf(end: number): number {
    const h = this.ends.indexOf(end);
    if (h < 0) throw new Error(`no forecast hour ends at ${new Date(end * 1000).toISOString()}`);
    return h;
  }
}

/** The clear sky's GHI with the sun at `deg` (the model's, at its typical air), W/m². */
function clearAtElevation(deg: number): number {
  return 1000 * clearSkyIrradiance({ elevationDeg: deg, azimuthDeg: 0 }, Math.PI / 2);
}
