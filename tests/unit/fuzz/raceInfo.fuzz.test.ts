// Fuzzing the raceInfo parser: any input terminates without throwing, and a
// payload is accepted exactly when the schema's fields have the schema's types.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRaceInfo } from "../../../workers/telemetry/race/raceInfo";

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const valid = fc.record({
  distance: finite,
  lapNumber: finite,
  prevTime: finite,
  raceDates: fc.array(fc.string()),
  raceDay: finite,
  timeLeft: finite,
  totalDistance: finite,
});
const KEYS = [
  "distance",
  "lapNumber",
  "prevTime",
  "raceDates",
  "raceDay",
  "timeLeft",
  "totalDistance",
];

describe("raceInfo parser under fuzzing", () => {
  it("never throws on anything", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        expect(() => parseRaceInfo(raw, 0)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts every well-typed payload, extra keys included", () => {
    fc.assert(
      fc.property(valid, fc.dictionary(fc.string(), fc.anything()), (info, extra) => {
        const parsed = parseRaceInfo({ ...extra, ...info }, 5);
        expect(parsed).not.toBeNull();
        expect(parsed?.lapNumber).toBe(info.lapNumber);
        expect(parsed?.raceDays).toBe(info.raceDates.length);
      }),
    );
  });

  it("refuses a payload with one field broken (missing, non-finite or of another type)", () => {
    const broken = fc.oneof(
      fc.constant(undefined),
      fc.constant(NaN),
      fc.constant(Infinity),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(valid, fc.constantFrom(...KEYS), broken, (info, key, value) => {
        const raw: Record<string, unknown> = { ...info, [key]: value };
        if (key === "raceDates" && Array.isArray(value)) return;
        expect(parseRaceInfo(raw, 0)).toBeNull();
      }),
    );
  });
});
