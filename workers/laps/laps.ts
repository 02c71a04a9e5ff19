// Lap records (PROTOCOL.md "Lap record"): validation, display formatting and
// GET {api}/laps. Any failure of the fetch yields "Error fetching lap data".
import { z } from "zod";
import type { FormattedLap, LapFetchResult } from "../contract";
import { describeIssue } from "../store/rejectionReason";

export const LAP_FETCH_ERROR = "Error fetching lap data";

export const lapRecordSchema = z.object({
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

export type LapRecord = z.infer<typeof lapRecordSchema>;

const lapsResponseSchema = z.object({
  data: z.array(lapRecordSchema),
  message: z.string().optional(),
});

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function formatLap(record: LapRecord): FormattedLap {
  const d = record.data;
  return {
    Rfid: record.Rfid,
    timestamp: record.timestamp,
    data: {
      ampHours: round2(d.ampHours),
      averagePackCurrent: round2(d.averagePackCurrent),
      averageSpeed: round2(d.averageSpeed),
      batterySecondsRemaining: round2(d.batterySecondsRemaining),
      distance: round2(d.distance),
      energyConsumed: round2(d.energyConsumed),
      lapTime: round2(d.lapTime),
      netPowerOut: round2(d.netPowerOut),
      timeStamp: new Date(d.timeStamp).toLocaleString("en-US"),
      totalPowerIn: round2(d.totalPowerIn),
      totalPowerOut: round2(d.totalPowerOut),
    },
  };
}

export type LapCheck = { ok: true; lap: FormattedLap } | { ok: false; reason: string };

/** A raw lapData payload → formatted lap, or the reason it is not a lap record. */
export function checkLapRecord(raw: unknown): LapCheck {
  const parsed = lapRecordSchema.safeParse(raw);
  if (parsed.success) return { ok: true, lap: formatLap(parsed.data) };
  return { ok: false, reason: `lapData ${describeIssue(parsed.error.issues[0])}` };
}

/** A raw lapData payload → formatted lap, or null when it is not a lap record. */
export function parseLapRecord(raw: unknown): FormattedLap | null {
  const checked = checkLapRecord(raw);
  return checked.ok ? checked.lap : null;
}

const failure = (): LapFetchResult => ({ laps: [], message: LAP_FETCH_ERROR, error: true });

/** GET `${apiBase}/laps`; validates body.data (the list) and every record in it. */
export async function fetchLaps(
  apiBase: string,
  fetchImpl: typeof fetch = fetch,
): Promise<LapFetchResult> {
  try {
    const response = await fetchImpl(`${apiBase.replace(/\/+$/, "")}/laps`);
    if (response.status !== 200) return failure();
    const body: unknown = await response.json();
    const parsed = lapsResponseSchema.safeParse(body);
    if (!parsed.success) return failure(); // "Invalid API response format"
    return {
      laps: parsed.data.data.map(formatLap),
      message: parsed.data.message || "OK",
      error: false,
    };
  } catch {
    return failure();
  }
}
