// Fuzzing the lap-record parser of both generations: any input terminates
// without throwing; well-typed nested and flat records are accepted and land
// on a finite end time; a broken field refuses the record.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLap } from "../../../workers/telemetry/laps/lapRecord";

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const epoch = fc.double({ min: 0, max: 4e12, noNaN: true });
const NESTED_DATA = [
  "ampHours",
  "averagePackCurrent",
  "averageSpeed",
  "batterySecondsRemaining",
  "distance",
  "energyConsumed",
  "lapTime",
  "netPowerOut",
  "totalPowerIn",
  "totalPowerOut",
] as const;
const FLAT = [
  "AmpHours",
  "AverageMotorWattage",
  "AveragePackCurrent",
  "AverageSpeed",
  "BatterySecondsRemaining",
  "Distance",
  "EnergyConsumed",
  "LapTime",
  "NetPowerOut",
  "TotalPowerIn",
  "TotalPowerOut",
] as const;

const numbers = <K extends string>(keys: readonly K[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, finite])) as Record<K, typeof finite>);

const nested = fc.record({
  Rfid: fc.string(),
  timestamp: epoch,
  data: fc.tuple(numbers(NESTED_DATA), epoch).map(([d, timeStamp]) => ({ ...d, timeStamp })),
});
const isoDate = fc
  .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
  .map((d) => d.toISOString());
const flat = fc
  .tuple(numbers(FLAT), fc.oneof(isoDate, epoch), fc.string())
  .map(([n, timestamp, rfid]) => ({ ...n, timestamp, rfid }));

describe("lap-record parser under fuzzing", () => {
  it("never throws on anything", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        expect(() => parseLap(raw)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts every nested (2026-01) record with a finite end time", () => {
    fc.assert(
      fc.property(nested, (record) => {
        const parsed = parseLap(record);
        expect(parsed?.generation).toBe("2026-01");
        expect(Number.isFinite(parsed?.lap.endMs)).toBe(true);
        expect(parsed?.lap.rfid).toBe(record.Rfid);
      }),
    );
  });

  it("accepts every flat (2026-06) record with a finite end time", () => {
    fc.assert(
      fc.property(flat, (record) => {
        const parsed = parseLap(record);
        expect(parsed?.generation).toBe("2026-06");
        expect(Number.isFinite(parsed?.lap.endMs)).toBe(true);
        expect(parsed?.lap.lapTime).toBe((record as Record<string, unknown>).LapTime);
      }),
    );
  });

  it("refuses a flat record with one number broken", () => {
    const broken = fc.oneof(
      fc.constant(undefined),
      fc.constant(NaN),
      fc.string(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(flat, fc.constantFrom(...FLAT), broken, (record, key, value) => {
        expect(parseLap({ ...record, [key]: value })).toBeNull();
      }),
    );
  });

  it("refuses a nested record with one data number broken", () => {
    const broken = fc.oneof(fc.constant(undefined), fc.constant(Infinity), fc.boolean());
    fc.assert(
      fc.property(nested, fc.constantFrom(...NESTED_DATA), broken, (record, key, value) => {
        expect(parseLap({ ...record, data: { ...record.data, [key]: value } })).toBeNull();
      }),
    );
  });
});
