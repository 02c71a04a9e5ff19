import { describe, expect, it } from "vitest";
import {
  clearSkyIrradiance,
  fitAirDimming,
  HAURWITZ_TAU,
  sunElevationDeg,
} from "../../workers/telemetry/strategy/sun";
import { fitSolar, TYPICAL_SKY, type SolarFit } from "../../workers/telemetry/strategy/solarFit";

/** The highest elevation in a UTC day, scanning each minute (the solar noon's). */
function noonElevation(dayUtc: number, lat: number, long: number) {
  let best = -90;
  for (let m = 0; m < 24 * 60; m++)
    best = Math.max(best, sunElevationDeg(dayUtc + m * 60, lat, long));
  return best;
}

// Solar noon elevation = 90° − |latitude − declination|, with the Astronomical
// Almanac's (and NOAA's) declination: +23.44° at the June solstice, −23.44° at
// the December solstice, ~0° at the equinox (−0.2° at noon on 2026-03-20 in
// Kentucky); refraction adds < 0.02° this high.
describe("the sun's elevation (suncalc) against the almanac", () => {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;
  it.each([
    ["Bowling Green, June solstice", day(2026, 6, 21), 36.9, -86.4, 90 - (36.9 - 23.44)],
    ["Bowling Green, December solstice", day(2026, 12, 21), 36.9, -86.4, 90 - (36.9 + 23.44)],
    ["Bowling Green, March equinox", day(2026, 3, 20), 36.9, -86.4, 90 - 36.9 - 0.2],
    ["Greenwich, June solstice", day(2026, 6, 21), 51.4769, 0, 90 - (51.4769 - 23.44)],
    ["Adelaide, June solstice", day(2026, 6, 21), -34.93, 138.6, 90 - (34.93 + 23.44)],
  ])("%s", (_name, dayUtc, lat, long, almanac) => {
    expect(Math.abs(noonElevation(dayUtc, lat, long) - almanac)).toBeLessThan(0.5);
  });

  it("is below the horizon at night and the sky is dark then", () => {
    // 03:00 CDT at the track in June.
    const night = Date.UTC(2026, 5, 16, 8) / 1000;
    expect(sunElevationDeg(night, 36.9, -86.4)).toBeLessThan(-10);
    expect(clearSkyIrradiance(sunElevationDeg(night, 36.9, -86.4))).toBe(0);
    expect(clearSkyIrradiance(90)).toBeGreaterThan(1000);
    expect(clearSkyIrradiance(30)).toBeLessThan(clearSkyIrradiance(60));
  });
});

describe("the air's dimming fitted to a day's array power", () => {
  // A morning from 09:00 to 13:00 CDT at the track, one power a minute.
  const times = Array.from({ length: 240 }, (_, m) => Date.UTC(2026, 5, 16, 14) / 1000 + m * 60);
  const elevations = times.map((t) => sunElevationDeg(t, 36.9, -86.4));

  it("finds a hazier sky's τ under passing clouds", () => {
    // Clear three minutes in four, clouds taking half the light in the fourth.
    const powers = elevations.map(
      (e, i) => 0.9 * clearSkyIrradiance(e, 0.15) * (i % 4 === 3 ? 0.5 : 1),
    );
    expect(fitAirDimming(elevations, powers)).toBeCloseTo(0.15, 2);
  });

  it("keeps Haurwitz's τ when the day spans too little of the sky", () => {
    const noon = elevations.slice(200, 230);
    expect(
      fitAirDimming(
        noon,
        noon.map((e) => clearSkyIrradiance(e, 0.2)),
      ),
    ).toBe(HAURWITZ_TAU);
    expect(fitAirDimming([], [])).toBe(HAURWITZ_TAU);
  });
});

// At the track, 13:00 CDT, after a morning from 09:00 whose minute m let
// through `sky(m)` of a clear sky to an array of 0.9 W per W/m².
const lat = 36.9;
const long = -86.4;
const now = Date.UTC(2026, 5, 16, 18) / 1000;
function fitAfterMorning(sky: (minute: number) => number, ratingW: number | null = null) {
  const samples = Array.from({ length: 240 }, (_, m) => {
    const time = now - (240 - m) * 60 + 30;
    return {
      time,
      powerW: 0.9 * sky(m) * clearSkyIrradiance(sunElevationDeg(time, lat, long)),
      lat,
      long,
    };
  });
  // The day began at 00:00 CDT (05:00 UTC).
  const dayStart = Date.UTC(2026, 5, 16, 5) / 1000;
  const answer = fitSolar(samples, now, lat, long, 1, { ratingW, dayStart });
  if (!answer.ok) throw new Error(answer.reason);
  return answer.fit;
}

describe("the sun expected after a clear morning", () => {
  const fit = fitAfterMorning(() => 1);
  const share = (hours: number) =>
    fit.sigmaAt(now + hours * 3600) / fit.expectedAt(now + hours * 3600);

  it("expects the clear sky to go on", () => {
    expect(fit.clearSkyFactor).toBeCloseTo(1, 1);
    expect(fit.expectedAt(now + 3600)).toBeCloseTo(
      0.9 * clearSkyIrradiance(sunElevationDeg(now + 3600, lat, long), fit.tau),
      -1,
    );
  });

  it("is unsure of it soon: an afternoon's clouds are not in the morning's data", () => {
    // Known now; an hour on, the sky may already differ by a sixth of a clear
    // one; hours on, by 0.3 of one (an overcast lets through only a quarter).
    expect(share(0)).toBeLessThan(0.05);
    expect(share(1)).toBeGreaterThan(0.15);
    expect(share(4)).toBeGreaterThan(0.27);
    expect(share(4)).toBeLessThanOrEqual(0.3);
  });
});

/** The clear-sky factor the forecast expects `hours` ahead. */
const factorAhead = (fit: SolarFit, hours: number) => {
  const t = now + hours * 3600;
  return (
    fit.expectedAt(t) / (fit.scale * clearSkyIrradiance(sunElevationDeg(t, lat, long), fit.tau))
  );
};

describe("the sun expected under an overcast that set in at noon", () => {
  // 09:00–12:00 CDT clear, then an hour at a quarter of the clear sky.
  const fit = fitAfterMorning((m) => (m < 180 ? 1 : 0.25));

  it("starts from the overcast and lets it fade over hours towards the day's sky, not at once", () => {
    expect(fit.clearSkyFactor).toBeCloseTo(0.25, 1);
    expect(factorAhead(fit, 0.25)).toBeLessThan(0.35);
    // e-folding over 3 h: about half the way back after 2 h, never past the day's.
    expect(factorAhead(fit, 2)).toBeGreaterThan(0.4);
    expect(factorAhead(fit, 2)).toBeLessThan(0.65);
    expect(factorAhead(fit, 6)).toBeLessThanOrEqual(fit.skyAheadFactor + 1e-9);
    // … while the band allows either way.
    expect(fit.sigmaAt(now + 3 * 3600)).toBeGreaterThan(0.4 * fit.expectedAt(now + 3 * 3600));
  });

  it("says the forecast is uncertain: the sky left the band an hour's forecast had", () => {
    expect(fit.changed).not.toBeNull();
    expect(fit.changed!.now).toBeCloseTo(0.25, 1);
    expect(fit.changed!.before).toBeCloseTo(1, 1);
    expect(fitAfterMorning(() => 1).changed).toBeNull();
  });
});

describe("the sun expected in a sunny spell on a broken-cloud day", () => {
  // 09:00–13:00 CDT: 40-minute spells, clear and half a clear sky in turn;
  // the last half hour is clear.
  const sky = (m: number) => (Math.floor(m / 40) % 2 === 0 ? 0.5 : 1);
  const fit = fitAfterMorning(sky);

  it("does not hold the spell: the sky ahead falls towards the day's", () => {
    expect(fit.clearSkyFactor).toBeCloseTo(1, 1);
    // About three quarters of the clearest minutes, as the day has been.
    expect(fit.skyAheadFactor).toBeGreaterThan(0.65);
    expect(fit.skyAheadFactor).toBeLessThan(0.85);
    expect(factorAhead(fit, 3)).toBeLessThan(0.9);
    expect(factorAhead(fit, 6)).toBeLessThan(0.8);
  });
});

describe("a dim morning, with and without the array's rating", () => {
  // 09:00–13:00 at half a clear sky (haze, a city's shade); the array is rated 1,000 W.
  const dim = () => 0.5;

  it("without a rating, the dim sky cannot be told from a small array: it is all there is", () => {
    const fit = fitAfterMorning(dim);
    expect(fit.scaleFrom).toBe("day");
    expect(factorAhead(fit, 3) * fit.scale).toBeCloseTo(0.45, 1);
  });

  it("with a rating, the part of the day not seen yet tends to a typical summer sky", () => {
    const fit = fitAfterMorning(dim, 1000);
    expect(fit.scaleFrom).toBe("rating");
    expect(fit.clearSkyFactor).toBeCloseTo(0.45, 1); // 0.9 W per W/m² at half a clear sky
    expect(fit.daySeen).toBeGreaterThan(0.3);
    expect(fit.daySeen).toBeLessThan(0.7);
    // Towards the day's 0.45 and 0.75 for the unseen rest: brighter than held, dimmer than typical.
    expect(fit.skyAheadFactor).toBeGreaterThan(0.5);
    expect(fit.skyAheadFactor).toBeLessThan(TYPICAL_SKY);
    expect(factorAhead(fit, 4)).toBeGreaterThan(0.5);
  });

  it("with a rating and no array power yet, forecasts the sun as a typical summer sky", () => {
    const answer = fitSolar([], now, lat, long, 1, { ratingW: 1000, dayStart: now - 13 * 3600 });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.fit.clearNoonW).toBeGreaterThan(900);
    expect(factorAhead(answer.fit, 2)).toBeCloseTo(TYPICAL_SKY, 2);
  });

  it("cannot forecast the sun with neither, and says what would help", () => {
    const answer = fitSolar([], now, lat, long, 1);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.reason).toMatch(/array rating/);
  });
});
