// Socket events other than packets: lapData (lap records), lapCoords and the
// latencies. Each check accepts exactly what the protocol allows, rejects the
// rest with a reason, and never throws.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLap } from "../../../workers/telemetry/laps/laps";
import { checkLapCoords } from "../../../workers/telemetry/service/lapCoords";
import { checkLatency, MAX_PLAUSIBLE_LATENCY_MS } from "../../../workers/telemetry/service/latency";
import { fuzzParams, hostileValue, withPath, wrongTypeFor } from "./fuzzKit";

const LAP_NUMBERS = [
  "ampHours",
  "averagePackCurrent",
  "averageSpeed",
  "batterySecondsRemaining",
  "distance",
  "energyConsumed",
  "lapTime",
  "netPowerOut",
  "timeStamp",
  "totalPowerIn",
  "totalPowerOut",
] as const;

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

// PROTOCOL.md "Lap record": Rfid text, timestamp number, data of 11 numbers.
const validLap = fc.record({
  Rfid: fc.string({ maxLength: 40 }),
  timestamp: finite,
  data: fc.record(Object.fromEntries(LAP_NUMBERS.map((k) => [k, finite]))),
});
const LAP_PATHS = ["Rfid", "timestamp", ...LAP_NUMBERS.map((k) => `data.${k}`)];

describe("fuzz: lapData records", () => {
  it("accepts every valid record and keeps its values", () => {
    fc.assert(
      fc.property(validLap, (lap) => {
        const checked = checkLap(lap);
        expect(checked.ok).toBe(true);
        if (!checked.ok) return;
        expect(checked.parsed.generation).toBe("2026-01");
        expect(checked.parsed.lap.rfid).toBe(lap.Rfid);
        expect(Object.is(checked.parsed.lap.distance, lap.data.distance)).toBe(true);
        expect(Number.isFinite(checked.parsed.lap.endMs)).toBe(true);
      }),
      fuzzParams(),
    );
  });

  it("rejects a record with one missing or mistyped field, naming it", () => {
    const broken = fc
      .tuple(validLap, fc.constantFrom(...LAP_PATHS))
      .chain(([lap, path]) =>
        fc
          .oneof(fc.constant(undefined), wrongTypeFor(path === "Rfid" ? "string" : "number"))
          .map((value) => ({ lap: withPath(lap, path, value), path })),
      );
    fc.assert(
      fc.property(broken, ({ lap, path }) => {
        const checked = checkLap(lap);
        expect(checked.ok).toBe(false);
        expect(!checked.ok && checked.reason).toContain(`lapData ${path}:`);
      }),
      fuzzParams(),
    );
  });

  it("never throws on junk", () => {
    fc.assert(
      fc.property(hostileValue, (junk) => {
        const checked = checkLap(junk);
        expect(checked.ok).toBe(false);
        expect(!checked.ok && checked.reason).toMatch(/^lapData /);
      }),
      fuzzParams(),
    );
  });
});

describe("fuzz: lapCoords", () => {
  const lat = fc.double({ min: -90, max: 90, noNaN: true });
  const long = fc.double({ min: -180, max: 180, noNaN: true });

  it("accepts every lat within ±90 and long within ±180", () => {
    fc.assert(
      fc.property(lat, long, (la, lo) => {
        expect(checkLapCoords({ lat: la, long: lo })).toEqual({
          ok: true,
          coords: { lat: la, long: lo },
        });
      }),
      fuzzParams(),
    );
  });

  it("rejects out-of-range or mistyped coordinates with a reason, and ignores the backend's error objects", () => {
    const outside = fc.oneof(
      fc.double({ min: 90, max: 1e308, noNaN: true, minExcluded: true }),
      fc.double({ min: -1e308, max: -90, noNaN: true, maxExcluded: true }),
      fc.constantFrom(Number.NaN, Infinity),
      wrongTypeFor("number"),
    );
    fc.assert(
      fc.property(long, outside, (lo, badLat) => {
        const checked = checkLapCoords({ lat: badLat, long: lo });
        expect(checked.ok).toBe(false);
        expect(!checked.ok && checked.reason).toMatch(/^lapCoords: /);
        expect(checkLapCoords({ error: "Invalid coordinates", lat: 1, long: 2 })).toEqual({
          ok: false,
          reason: null,
        });
      }),
      fuzzParams(),
    );
  });

  it("never throws on junk", () => {
    fc.assert(
      fc.property(hostileValue, (junk) => {
        const checked = checkLapCoords(junk);
        if (checked.ok) {
          expect(Math.abs(checked.coords.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(checked.coords.long)).toBeLessThanOrEqual(180);
        }
      }),
      fuzzParams(),
    );
  });
});

describe("fuzz: carLatency / userLatency", () => {
  it("accepts exactly the finite numbers within 0..60,000 ms", () => {
    fc.assert(
      fc.property(fc.oneof(hostileValue, fc.double()), (raw) => {
        const plausible = typeof raw === "number" && raw >= 0 && raw <= MAX_PLAUSIBLE_LATENCY_MS;
        const checked = checkLatency("carLatency", raw);
        expect(checked.ok).toBe(plausible);
        if (checked.ok) expect(checked.ms).toBe(raw);
        else expect(checked.reason).toMatch(/^carLatency: /);
      }),
      fuzzParams(),
    );
  });
});
