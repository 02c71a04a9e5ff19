import { describe, expect, it } from "vitest";
import { CarSimulator, FINISH_GEOFENCE_M } from "../../workers/telemetry/sources/demo/CarSimulator";
import { TRACK } from "../../workers/telemetry/sources/demo/track";
import { DEFAULT_LAP_COORDS } from "../../workers/shared/trackCoords";
import { haversineKm } from "../../workers/telemetry/geo/geo";
import {
  BAD_ANSWER,
  NO_ANSWER,
  cleanRequest,
  interpretReply,
  unconfirmedError,
  localAnswer,
} from "../../workers/telemetry/service/finishLine";

function lapPositions(sim: CarSimulator, seconds: number) {
  const where: Array<{ lat: number; long: number }> = [];
  for (let t = 0; t < seconds; t += 0.5) {
    const packet = sim.next(0.5);
    if (sim.takeCompletedLap())
      where.push({ lat: packet.Telemetry.GpsLatitude, long: packet.Telemetry.GpsLongitude });
  }
  return where;
}

describe("the simulated car laps at the finish line", () => {
  it("completes laps at the default line (the start of the main straight)", () => {
    const laps = lapPositions(new CarSimulator({ seed: 3 }), 900);
    expect(laps.length).toBeGreaterThanOrEqual(2);
    for (const p of laps)
      expect(
        haversineKm(p.lat, p.long, DEFAULT_LAP_COORDS.lat, DEFAULT_LAP_COORDS.long),
      ).toBeLessThan(0.05);
  });

  it("moves its laps to a line set elsewhere on the track", () => {
    const line = TRACK.pointAt(TRACK.length / 2);
    const sim = new CarSimulator({ seed: 3 });
    expect(sim.setFinishLine(line.lat, line.long)).toBe(true);
    const laps = lapPositions(sim, 900);
    expect(laps.length).toBeGreaterThanOrEqual(2);
    for (const p of laps)
      expect(haversineKm(p.lat, p.long, line.lat, line.long)).toBeLessThan(0.05);
  });

  it("completes no lap when the line is off the track (outside the geofence)", () => {
    const sim = new CarSimulator({ seed: 3 });
    const far = {
      lat: DEFAULT_LAP_COORDS.lat + (FINISH_GEOFENCE_M * 3) / 111_000,
      long: DEFAULT_LAP_COORDS.long - 0.05,
    };
    expect(sim.setFinishLine(far.lat, far.long)).toBe(false);
    expect(lapPositions(sim, 900)).toEqual([]);
  });
});

describe("setLapCoords answers", () => {
  it("sends strings only and never adds anything but the three fields", () => {
    expect(cleanRequest({ lat: " 36.9 ", long: "-86.3", password: " p w " })).toEqual({
      lat: "36.9",
      long: "-86.3",
      password: " p w ",
    });
    expect(cleanRequest({ lat: 5, long: null, password: undefined } as never)).toEqual({
      lat: "",
      long: "",
      password: "",
    });
  });

  it("reads an acknowledgement as 2026-06 and a broadcast-only answer as 2026-01", () => {
    expect(interpretReply({ response: { lat: 1, long: 2 }, acknowledged: true })).toEqual({
      answer: { ok: true, coords: { lat: 1, long: 2 }, simulated: false },
      generation: "2026-06",
    });
    expect(
      interpretReply({
        response: { error: "Invalid password", invalidFields: ["password"] },
        acknowledged: false,
      }),
    ).toEqual({
      answer: {
        ok: false,
        error: unconfirmedError("Invalid password"),
        invalidFields: ["password"],
      },
      generation: "2026-01",
    });
  });

  it("says a 2026-01 error broadcast leaves the change not confirmed (it may be another client's)", () => {
    const { answer } = interpretReply({
      response: { error: "Invalid password" },
      acknowledged: false,
    });
    expect(answer).toMatchObject({ ok: false });
    expect(!answer.ok && answer.error).toMatch(/^Not confirmed: .*"Invalid password".*not moved/);
  });

  it("says so when there is no answer or one it cannot read", () => {
    expect(interpretReply(null).answer).toEqual({ ok: false, error: NO_ANSWER, invalidFields: [] });
    expect(interpretReply({ response: 42, acknowledged: true }).answer).toMatchObject({
      error: BAD_ANSWER,
    });
  });

  it("DEMO moves the simulated line locally and checks the numbers", () => {
    expect(localAnswer({ lat: "36.99", long: "-86.37", password: "" })).toEqual({
      ok: true,
      coords: { lat: 36.99, long: -86.37 },
      simulated: true,
    });
    expect(localAnswer({ lat: "", long: "200", password: "" })).toEqual({
      ok: false,
      error: "Invalid coordinates",
      invalidFields: ["lat", "long"],
    });
  });
});
