// Lap records of both backend generations (PROTOCOL.md "Lap record" and "More
// of the real server"), normalised to one internal shape, `Lap`:
// - 2026-01: nested `{ Rfid, timestamp, data: { ampHours, ... } }`, numeric
//   timestamps (the server copies the car's epoch SECONDS; older data and our
//   own tools use milliseconds: below 10^11 is seconds).
// - 2026-06: flat `{ AmpHours, ..., timestamp: ISO string, rfid }`.
// Numbers are kept as received; rounding and dates are display work.
import { z } from "zod";
import type { BackendGeneration, Lap } from "../../contract/laps";
import { FIRST_GENERATION, SECOND_GENERATION } from "../schema/generations";
import { describeIssue } from "../store/rejectionReason";

/** Epoch values below this are seconds (10^11 s is the year 5138; 10^11 ms is 1973). */
const SECONDS_BELOW = 1e11;

export const nestedLapSchema = z.object({
  Rfid: z.string(),
  timestamp: z.number(),
  data: z.object({
    ampHours: z.number(),
    averagePackCurrent: z.number(),
    averageSpeed: z.number(),
    batterySecondsRemaining: z.number(),
    distance: z.number(),
    energyConsumed: z.number(),
    lapTime: z.number(),
    netPowerOut: z.number(),
    timeStamp: z.number(),
    totalPowerIn: z.number(),
    totalPowerOut: z.number(),
  }),
});

/** A nested (2026-01) lap record, also what the simulated car produces. */
export type LapRecord = z.infer<typeof nestedLapSchema>;

const isoDate = z.string().refine((text) => Number.isFinite(Date.parse(text)), {
  message: "not a date",
});

const flatLapSchema = z.object({
  AmpHours: z.number(),
  AverageMotorWattage: z.number(),
  AveragePackCurrent: z.number(),
  AverageSpeed: z.number(),
  BatterySecondsRemaining: z.number(),
  Distance: z.number(),
  EnergyConsumed: z.number(),
  LapTime: z.number(),
  NetPowerOut: z.number(),
  TotalPowerIn: z.number(),
  TotalPowerOut: z.number(),
  timestamp: z.union([isoDate, z.number()]),
  rfid: z.string(),
});

/** A flat (2026-06) lap record. */
type FlatLapRecord = z.infer<typeof flatLapSchema>;

/** Epoch ms from seconds, milliseconds or an ISO string; null when it is none of them. */
export function toEpochMs(value: number | string): number | null {
  if (typeof value === "string") {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  }
  if (!Number.isFinite(value)) return null;
  return Math.abs(value) < SECONDS_BELOW ? value * 1000 : value;
}

function fromNested(record: LapRecord): Lap {
  const d = record.data;
  // data.timeStamp and timestamp are the same instant on the wire; prefer the inner one.
  const endMs = toEpochMs(d.timeStamp) ?? toEpochMs(record.timestamp) ?? 0;
  return {
    rfid: record.Rfid,
    endMs,
    lapTime: d.lapTime,
    distance: d.distance,
    averageSpeed: d.averageSpeed,
    ampHours: d.ampHours,
    averagePackCurrent: d.averagePackCurrent,
    energyConsumed: d.energyConsumed,
    totalPowerIn: d.totalPowerIn,
    totalPowerOut: d.totalPowerOut,
    netPowerOut: d.netPowerOut,
    batterySecondsRemaining: d.batterySecondsRemaining,
    averageMotorWattage: null,
    simulated: false,
  };
}

function fromFlat(record: FlatLapRecord): Lap {
  return {
    rfid: record.rfid,
    endMs: toEpochMs(record.timestamp) ?? 0,
    lapTime: record.LapTime,
    distance: record.Distance,
    averageSpeed: record.AverageSpeed,
    ampHours: record.AmpHours,
    averagePackCurrent: record.AveragePackCurrent,
    energyConsumed: record.EnergyConsumed,
    totalPowerIn: record.TotalPowerIn,
    totalPowerOut: record.TotalPowerOut,
    netPowerOut: record.NetPowerOut,
    batterySecondsRemaining: record.BatterySecondsRemaining,
    averageMotorWattage: record.AverageMotorWattage,
    simulated: false,
  };
}

interface ParsedLap {
  lap: Lap;
  generation: BackendGeneration;
}

type LapCheck = { ok: true; parsed: ParsedLap } | { ok: false; reason: string };

/**
 * A raw lap record of either generation → the internal lap, or the reason it
 * is neither (named against the nested 2026-01 shape, the protocol's own).
 * Never throws.
 */
export function checkLap(raw: unknown): LapCheck {
  const nested = nestedLapSchema.safeParse(raw);
  if (nested.success)
    return { ok: true, parsed: { lap: fromNested(nested.data), generation: FIRST_GENERATION } };
  const flat = flatLapSchema.safeParse(raw);
  if (flat.success)
    return { ok: true, parsed: { lap: fromFlat(flat.data), generation: SECOND_GENERATION } };
  return { ok: false, reason: `lapData ${describeIssue(nested.error.issues[0])}` };
}

/** A raw lap record of either generation → the internal lap, or null. Never throws. */
export function parseLap(raw: unknown): ParsedLap | null {
  const checked = checkLap(raw);
  return checked.ok ? checked.parsed : null;
}

/** The 2026-06 wire shape of a lap (the feed server speaks both generations). */
export function toFlatRecord(record: LapRecord): FlatLapRecord {
  const d = record.data;
  const endMs = toEpochMs(d.timeStamp) ?? 0;
  return {
    AmpHours: d.ampHours,
    AverageMotorWattage: d.totalPowerOut,
    AveragePackCurrent: d.averagePackCurrent,
    AverageSpeed: d.averageSpeed,
    BatterySecondsRemaining: d.batterySecondsRemaining,
    Distance: d.distance,
    EnergyConsumed: d.energyConsumed,
    LapTime: d.lapTime,
    NetPowerOut: d.netPowerOut,
    TotalPowerIn: d.totalPowerIn,
    TotalPowerOut: d.totalPowerOut,
    timestamp: new Date(endMs).toISOString(),
    rfid: record.Rfid,
  };
}

/** The 2026-01 wire shape as the real server sends it: times in epoch seconds. */
export function toSecondsRecord(record: LapRecord): LapRecord {
  const seconds = (value: number) => (Math.abs(value) < SECONDS_BELOW ? value : value / 1000);
  return {
    ...record,
    timestamp: seconds(record.timestamp),
    data: { ...record.data, timeStamp: seconds(record.data.timeStamp) },
  };
}
