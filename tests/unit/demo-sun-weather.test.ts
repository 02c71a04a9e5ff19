// The demo car's sky (issue 35): the real sun for the time its packets carry
// at the track, and cloud episodes that last tens of minutes to hours.
import { describe, expect, it } from "vitest";
import { CarSimulator } from "../../workers/telemetry/sources/demo/CarSimulator";
import { clearSkyIrradiance, sunPosition } from "../../workers/telemetry/sources/demo/sun";
import { Weather, WEATHER_KINDS } from "../../workers/telemetry/sources/demo/weather";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";

const TRACK = { lat: 36.99, long: -86.37 };
const at = (iso: string) => Date.parse(iso) / 1000;

/** The day's highest sun, scanning each minute of the UTC day: [elevation, epoch s]. */
function noonOf(dayIso: string): [number, number] {
  let best: [number, number] = [-90, 0];
  for (let t = at(`${dayIso}T00:00:00Z`); t < at(`${dayIso}T23:59:00Z`); t += 60) {
    const e = sunPosition(t, TRACK.lat, TRACK.long).elevationDeg;
    if (e > best[0]) best = [e, t];
  }
  return best;
}

function arrayWatts(p: TelemetryPacket): number {
  let sum = 0;
  for (const unit of [0, 1, 2, 3]) {
    for (const ch of [0, 1]) {
      const m = p.MPPT as unknown as Record<string, number>;
      sum += m[`Mppt${unit}Ch${ch}ArrayVoltage`]! * m[`Mppt${unit}Ch${ch}ArrayCurrent`]!;
    }
  }
  return sum;
}

describe("the demo car's sun", () => {
  it("stands at the almanac's noon elevation at the track (90° − latitude + declination)", () => {
    // Declination +23.44° at the June solstice, 0° at the equinox, −23.44° in December.
    const [june, juneNoon] = noonOf("2026-06-21");
    expect(june).toBeGreaterThan(90 - TRACK.lat + 23.44 - 1);
    expect(june).toBeLessThan(90 - TRACK.lat + 23.44 + 1);
    // Solar noon at 86.37° W: 12:00 + 5 h 45 min, give or take the equation of time.
    expect(juneNoon).toBeGreaterThan(at("2026-06-21T17:40:00Z"));
    expect(juneNoon).toBeLessThan(at("2026-06-21T17:55:00Z"));
    expect(Math.abs(noonOf("2026-03-20")[0] - (90 - TRACK.lat))).toBeLessThan(1);
    expect(Math.abs(noonOf("2026-12-21")[0] - (90 - TRACK.lat - 23.44))).toBeLessThan(1);
  });

  it("gives the flat array ~1000 W/m² at a summer noon, less in a low sun, none at night", () => {
    const noon = clearSkyIrradiance(sunPosition(at("2026-06-21T17:47:00Z"), 36.99, -86.37), 0);
    const morning = clearSkyIrradiance(sunPosition(at("2026-06-21T13:00:00Z"), 36.99, -86.37), 0);
    const night = clearSkyIrradiance(sunPosition(at("2026-06-21T06:00:00Z"), 36.99, -86.37), 0);
    expect(noon).toBeGreaterThan(0.9);
    expect(noon).toBeLessThan(1.1);
    expect(morning).toBeGreaterThan(0.1);
    expect(morning).toBeLessThan(noon * 0.6);
    expect(night).toBe(0);
  });

  it("follows the time the packets carry: the array's power falls to zero at sunset", () => {
    // 18:30–21:30 CDT on a clear July evening: sunset at the track is ~20:15.
    const sim = new CarSimulator({
      seed: 4,
      startTime: at("2026-07-15T23:30:00Z"),
      weather: "clear",
    });
    let litSeen = 0;
    let darkSeen = 0;
    for (let i = 0; i < 3 * 3600; i++) {
      const p = sim.next(1);
      const { elevationDeg } = sunPosition(p.TimeStamp, TRACK.lat, TRACK.long);
      if (elevationDeg < -0.5) {
        darkSeen++;
        expect(arrayWatts(p)).toBe(0);
      } else if (elevationDeg > 15) {
        litSeen++;
        expect(arrayWatts(p)).toBeGreaterThan(100);
      }
    }
    expect(litSeen).toBeGreaterThan(300);
    expect(darkSeen).toBeGreaterThan(600);
  });

  it("shines at noon and not at midnight whatever the seed, from the packet's own time", () => {
    const noon = new CarSimulator({
      seed: 8,
      startTime: at("2026-07-15T17:45:00Z"),
      weather: "clear",
    });
    const midnight = new CarSimulator({
      seed: 8,
      startTime: at("2026-07-15T05:45:00Z"),
      weather: "clear",
    });
    expect(arrayWatts(noon.next(1))).toBeGreaterThan(750);
    expect(arrayWatts(midnight.next(1))).toBe(0);
  });
});

describe("the demo car's weather", () => {
  /** Lengths (minutes) of the runs of one sky, sampled each minute over days 09:00–17:00. */
  function runs(weather: Weather, days: number): number[] {
    const lengths: number[] = [];
    for (let d = 0; d < days; d++) {
      const from = at("2026-07-01T14:00:00Z") + d * 86_400;
      let sky = weather.skyAt(from);
      let length = 0;
      for (let m = 0; m < 8 * 60; m++) {
        const now = weather.skyAt(from + m * 60);
        if (now === sky) length++;
        else {
          lengths.push(length);
          sky = now;
          length = 1;
        }
      }
    }
    return lengths.slice(1); // the first starts before the window
  }

  it("comes in episodes of tens of minutes to hours, not a flicker around one mean", () => {
    const lengths = runs(new Weather({ seed: 3, kind: "random", longitude: -86.37 }), 20);
    expect(lengths.length).toBeGreaterThan(20);
    const sorted = [...lengths].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.1)]).toBeGreaterThanOrEqual(10);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(30);
    expect(sorted.at(-1)).toBeGreaterThanOrEqual(120);
  });

  it("is the same for the same seed and time, whatever order or step it is asked in", () => {
    const a = new Weather({ seed: 11, kind: "random", longitude: -86.37 });
    const b = new Weather({ seed: 11, kind: "random", longitude: -86.37 });
    const c = new Weather({ seed: 12, kind: "random", longitude: -86.37 });
    const times = Array.from({ length: 500 }, (_, i) => at("2026-07-15T14:00:00Z") + i * 57.3);
    const forwards = times.map((t) => a.transmission(t));
    const backwards = [...times]
      .reverse()
      .map((t) => b.transmission(t))
      .reverse();
    expect(backwards).toEqual(forwards);
    const other = times.map((t) => c.transmission(t));
    expect(other).not.toEqual(forwards);
  });

  it("keeps a clear day clear and clouds over an overcast afternoon", () => {
    const mean = (w: Weather, fromIso: string, hours: number) => {
      let sum = 0;
      for (let m = 0; m < hours * 60; m++) sum += w.transmission(at(fromIso) + m * 60);
      return sum / (hours * 60);
    };
    for (const seed of [1, 2, 3]) {
      const clear = new Weather({ seed, kind: "clear", longitude: -86.37 });
      expect(mean(clear, "2026-07-15T14:00:00Z", 8)).toBeGreaterThan(0.95);
      const overcast = new Weather({ seed, kind: "overcast-afternoon", longitude: -86.37 });
      const morning = mean(overcast, "2026-07-15T14:00:00Z", 2); // 09:00–11:00 CDT
      const afternoon = mean(overcast, "2026-07-15T20:00:00Z", 2); // 15:00–17:00 CDT
      expect(afternoon).toBeLessThan(morning * 0.6);
    }
  });

  it("brings an overcast afternoon with a front around noon, so 13:00 already shows it", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const w = new Weather({ seed, kind: "overcast-afternoon", longitude: -86.37 });
      expect(["clear", "thin"]).toContain(w.skyAt(at("2026-07-15T14:30:00Z"))); // 09:30 CDT
      expect(["overcast", "broken"]).toContain(w.skyAt(at("2026-07-15T18:00:00Z"))); // 13:00 CDT
    }
  });

  /** Hours on the track's summer clock (CDT, UTC−5) at epoch seconds `t`. */
  const cdtHours = (t: number) => (((t / 3600 - 5) % 24) + 24) % 24;
  const meanOver = (w: Weather, from: number, to: number) => {
    let sum = 0;
    let n = 0;
    for (let t = from; t < to; t += 60, n++) sum += w.transmission(t);
    return sum / n;
  };
  const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

  it("brings an afternoon front between 13:00 and 16:00 on the clock, unseen in the morning", () => {
    const arrivals: number[] = [];
    const ratios: number[] = [];
    const mornings: number[] = [];
    for (let seed = 1; seed <= 60; seed++) {
      const w = new Weather({ seed, kind: "afternoon-front", longitude: -86.37 });
      const [thickens, arrives] = w.changesOfDay(at("2026-07-15T17:00:00Z"));
      arrivals.push(cdtHours(arrives!));
      // High cloud thickens for one to two hours ahead of the front.
      expect((arrives! - thickens!) / 3600).toBeGreaterThanOrEqual(1);
      expect((arrives! - thickens!) / 3600).toBeLessThanOrEqual(2);
      // 09:00 until the thickening: a fair morning (clear, or thin high cloud) with no sign of it.
      mornings.push(meanOver(w, at("2026-07-15T14:00:00Z"), thickens!));
      // Its overcast holds to the evening: no clear sky after it arrives.
      for (let t = arrives! + 600; t < at("2026-07-15T22:00:00Z"); t += 300)
        expect(w.skyAt(t)).toMatch(/overcast|broken/);
      const before = meanOver(w, thickens! - 3600, thickens!);
      ratios.push(meanOver(w, arrives! + 600, arrives! + 3600) / before);
    }
    expect(Math.min(...mornings)).toBeGreaterThan(0.65);
    expect(average(mornings)).toBeGreaterThan(0.9);
    expect(Math.min(...arrivals)).toBeGreaterThanOrEqual(13);
    expect(Math.max(...arrivals)).toBeLessThanOrEqual(16);
    // Anywhere in the window: early and late fronts both come.
    expect(arrivals.filter((h) => h < 14).length).toBeGreaterThan(8);
    expect(arrivals.filter((h) => h > 15).length).toBeGreaterThan(8);
    // The light after the front is a fraction of the fair sky's (overcast
    // lets 16–34 % through; a broken spell in it up to about 70 %).
    expect(Math.max(...ratios)).toBeLessThan(0.75);
    expect(average(ratios)).toBeLessThan(0.4);
  });

  it("clears an afternoon between 12:00 and 15:00 on the clock, after a cloudy morning", () => {
    const cleared: number[] = [];
    const mornings: number[] = [];
    const afternoons: number[] = [];
    for (let seed = 1; seed <= 60; seed++) {
      const w = new Weather({ seed, kind: "afternoon-clearing", longitude: -86.37 });
      const [breaks, clears] = w.changesOfDay(at("2026-07-15T17:00:00Z"));
      cleared.push(cdtHours(clears!));
      expect((clears! - breaks!) / 60).toBeGreaterThanOrEqual(30);
      expect((clears! - breaks!) / 60).toBeLessThanOrEqual(90);
      mornings.push(meanOver(w, at("2026-07-15T14:00:00Z"), breaks!));
      afternoons.push(meanOver(w, clears! + 600, at("2026-07-15T22:00:00Z")));
      for (let t = clears! + 600; t < at("2026-07-15T22:00:00Z"); t += 300)
        expect(w.skyAt(t)).toMatch(/clear|thin/);
    }
    expect(Math.min(...cleared)).toBeGreaterThanOrEqual(12);
    expect(Math.max(...cleared)).toBeLessThanOrEqual(15);
    expect(cleared.filter((h) => h < 13).length).toBeGreaterThan(8);
    expect(cleared.filter((h) => h > 14).length).toBeGreaterThan(8);
    // A deck of overcast or broken cloud in the morning, clear air behind it.
    expect(Math.max(...mornings)).toBeLessThan(0.65);
    expect(average(mornings)).toBeLessThan(0.4);
    expect(Math.min(...afternoons)).toBeGreaterThan(0.7);
    expect(average(afternoons)).toBeGreaterThan(0.9);
  });

  it("gives the car's array a front's drop and never more than a clear sky's light", () => {
    // The car stands (heading fixed) through a front's arrival (seed 7: the
    // high cloud comes at 14:09, the front at 15:37).
    const sim = new CarSimulator({
      seed: 7,
      startTime: at("2026-07-15T17:30:00Z"),
      weather: "afternoon-front",
      commandedKmh: 0,
    });
    const check = new Weather({ seed: 7, kind: "afternoon-front", longitude: -86.37 });
    const [thickens, arrives] = check.changesOfDay(at("2026-07-15T17:00:00Z"));
    const watts: [number, number][] = [];
    for (let i = 0; i < (4.5 * 3600) / 2; i++) {
      const p = sim.next(2);
      const sun = sunPosition(p.TimeStamp, p.Telemetry.GpsLatitude, p.Telemetry.GpsLongitude);
      // The array's rating times the clear sky on a panel facing the sun, and
      // the best channel's 2 % over its share: no weather gives more.
      const clearSky = 920 * 1.02 * clearSkyIrradiance(sun, (sun.azimuthDeg * Math.PI) / 180);
      expect(arrayWatts(p)).toBeLessThanOrEqual(clearSky + 1);
      watts.push([p.TimeStamp, arrayWatts(p)]);
    }
    const meanW = (from: number, to: number) =>
      average(watts.filter(([t]) => t >= from && t < to).map(([, w]) => w));
    const before = meanW(thickens! - 3600, thickens!);
    const after = meanW(arrives! + 600, arrives! + 3600);
    expect(before).toBeGreaterThan(600); // early afternoon, a fair sky
    expect(after).toBeLessThan(before * 0.5);
  });

  it("never lets through more than a clear sky, nor less than a dark overcast, in any kind", () => {
    for (const kind of WEATHER_KINDS)
      for (let seed = 1; seed <= 6; seed++) {
        const w = new Weather({ seed, kind, longitude: -86.37 });
        for (let t = at("2026-07-15T13:00:00Z"); t < at("2026-07-15T23:00:00Z"); t += 97) {
          expect(w.transmission(t)).toBeLessThanOrEqual(1);
          expect(w.transmission(t)).toBeGreaterThanOrEqual(0.05);
        }
      }
  });

  it("refuses an unknown weather with the list of known ones", () => {
    expect(() => new Weather({ seed: 1, kind: "snow" as never, longitude: 0 })).toThrow(
      /Unknown weather "snow": expected clear, broken, overcast-afternoon, afternoon-front, afternoon-clearing, random/,
    );
  });
});
