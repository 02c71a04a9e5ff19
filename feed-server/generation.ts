// The two generations of the team's backend the feed server can speak
// (PROTOCOL.md "More of the real server"):
// - 2026-01: B3.HeadightsSwitchInput (sic), nested lap records with times in
//   epoch seconds, setLapCoords answered only by broadcasting lapCoords, the
//   WebSocket upgrade answered 101 and then 400 (upgradeFault.ts).
// - 2026-06: B3.HeadlightsSwitchInput, flat lap records with ISO timestamps,
//   setLapCoords acknowledged (errors only to the sender, successes broadcast),
//   the WebSocket upgrade completed.
import { toFlatRecord, toSecondsRecord, type LapRecord } from "../workers/telemetry/laps/lapRecord";
import type { TelemetryPacket } from "../workers/telemetry/schema/packetSchema";
import type { BackendGeneration } from "../workers/contract/laps";
import { GENERATION_TABLE } from "../workers/telemetry/schema/generationTable";
import { BACKEND_GENERATIONS, SECOND_GENERATION } from "../workers/telemetry/schema/generations";

export type Generation = BackendGeneration;
/** Every generation the dashboard's table lists, oldest first. */
export const GENERATIONS: readonly Generation[] = BACKEND_GENERATIONS.map((entry) => entry.name);

export function isGeneration(value: unknown): value is Generation {
  return GENERATIONS.includes(value as Generation);
}

export function wirePacket(packet: TelemetryPacket, generation: Generation): unknown {
  return GENERATION_TABLE.toWire(packet, generation);
}

export function wireLap(lap: LapRecord, generation: Generation): unknown {
  return generation === SECOND_GENERATION ? toFlatRecord(lap) : toSecondsRecord(lap);
}

const RACE_DAY_MS = 8 * 3600 * 1000;

/**
 * raceInfo as the real server computes it: distance integrates the packet's
 * VehicleVelocity over time in hours (our simulated car sends m/s, so the
 * unit is m/s·h, as the dashboard labels it). The time left counts down on
 * the packets' clock, as the distance does: the real server's runs at the
 * car's pace, and with --speedup the day then ends with the simulated one
 * (on the wall clock a 20× day never ended, and the strategy's end of the
 * day moved later with every packet).
 */
export class RaceInfoTracker {
  private distanceToday = 0;
  private firstTime: number | null = null;
  private lastTime: number | null = null;
  private readonly startedAt: number;

  constructor(
    private readonly totalBefore: number,
    now = Date.now(),
  ) {
    this.startedAt = now;
  }

  add(packet: TelemetryPacket): void {
    const t = packet.TimeStamp;
    this.firstTime ??= t;
    if (this.lastTime !== null && t > this.lastTime) {
      const hours = (t - this.lastTime) / 3600;
      this.distanceToday += packet.MotorDetails0.VehicleVelocity * hours;
    }
    this.lastTime = t;
  }

  info(lapNumber: number, prevTime: number, now = Date.now()) {
    // Three race days from today, like the real server's; it counts raceDay from 0.
    const raceDates = [0, 1, 2].map((day) =>
      new Date(this.startedAt + day * 86_400_000).toISOString().slice(0, 10),
    );
    return {
      distance: this.distanceToday,
      lapNumber,
      prevTime,
      raceDates,
      raceDay: 0,
      timeLeft: Math.max(0, RACE_DAY_MS - this.elapsedMs(now)),
      totalDistance: this.totalBefore + this.distanceToday,
    };
  }

  /** Race time so far: on the packets' clock, or the wall's before the first packet. */
  private elapsedMs(now: number): number {
    if (this.firstTime === null || this.lastTime === null) return now - this.startedAt;
    return (this.lastTime - this.firstTime) * 1000;
  }
}
