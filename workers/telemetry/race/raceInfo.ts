// `raceInfo` (PROTOCOL.md "More of the real server"): sent by the backend once
// per packet. Validated here; what the UI shows is the RaceInfo of the
// contract. The server integrates VehicleVelocity over time in hours, so the
// distances are in "velocity unit × h" (km when VehicleVelocity is km/h): the
// UI labels them that way rather than pretending to know better. The wire's
// raceDay counts from 0 (PROTOCOL.md, measured against 2026-01): it is made
// the day number a person says (1 = the first of raceDates) here, once.
import { z } from "zod";
import type { RaceInfo } from "../../contract/laps";

const raceInfoSchema = z.object({
  distance: z.number(),
  lapNumber: z.number(),
  prevTime: z.number(),
  raceDates: z.array(z.string()),
  /** 0 = the first day of raceDates. */
  raceDay: z.number(),
  /** ms left in the race day (of 8 h). */
  timeLeft: z.number(),
  totalDistance: z.number(),
});

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A raw raceInfo payload → what the dashboard keeps, or null. Never throws. */
export function parseRaceInfo(raw: unknown, receivedAt: number): RaceInfo | null {
  const parsed = raceInfoSchema.safeParse(raw);
  if (!parsed.success) return null;
  const r = parsed.data;
  return {
    lapNumber: r.lapNumber,
    raceDay: r.raceDay + 1,
    raceDays: r.raceDates.length,
    // ISO dates, with or without a time: the date part is the day.
    raceDates: r.raceDates.map((d) => d.slice(0, 10)).filter((d) => ISO_DAY.test(d)),
    distanceToday: r.distance,
    totalDistance: r.totalDistance,
    timeLeftMs: r.timeLeft,
    receivedAt,
  };
}
