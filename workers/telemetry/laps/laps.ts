// GET {api}/laps and GET {api}/drivers (PROTOCOL.md "REST", "More of the real
// server"). The list is at body.data; any failure of the lap fetch yields
// "Error fetching lap data". Records of either generation are accepted; one
// bad record fails the list (the backend's answer is one unit). The list is
// put in time order here, whatever order the server sends (2026-06 answers
// newest first): everything after numbers laps by their position.
import { z } from "zod";
import type { BackendGeneration, Lap } from "../../contract/laps";
import { isRedirect, NO_REDIRECT, redirectRefused } from "../../shared/backendRedirect";
import { parseLap } from "./lapRecord";

export { checkLap, type LapRecord } from "./lapRecord";

export const LAP_FETCH_ERROR = "Error fetching lap data";

const listResponseSchema = z.object({
  data: z.array(z.unknown()),
  message: z.string().optional(),
});

const driversResponseSchema = z.object({
  data: z.array(z.object({ Rfid: z.string(), driver: z.string() })),
});

export interface LapListResult {
  laps: Lap[];
  message: string;
  error: boolean;
  /** The generation the records were written in; null for an empty list or a failure. */
  generation: BackendGeneration | null;
  /** Why a fetch failed, in words (the message stays the spec's "Error fetching lap data"). */
  reason?: string;
}

const failure = (reason: string): LapListResult => ({
  laps: [],
  message: LAP_FETCH_ERROR,
  error: true,
  generation: null,
  reason,
});

const base = (apiBase: string) => apiBase.replace(/\/+$/, "");

/** GET `${apiBase}/laps`; validates body.data (the list) and every record in it. */
export async function fetchLaps(
  apiBase: string,
  fetchImpl: typeof fetch = fetch,
): Promise<LapListResult> {
  try {
    // A redirect is a failure, never followed (workers/shared/backendRedirect.ts).
    const url = `${base(apiBase)}/laps`;
    const response = await fetchImpl(url, NO_REDIRECT);
    if (isRedirect(response)) return failure(redirectRefused(url, response));
    if (response.status !== 200) return failure(`${url} answered HTTP ${response.status}.`);
    const parsed = listResponseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) return failure(`${url} did not answer a list of laps at "data".`);
    const laps: Lap[] = [];
    let generation: BackendGeneration | null = null;
    for (const [index, raw] of parsed.data.data.entries()) {
      const lap = parseLap(raw);
      if (!lap)
        return failure(`Lap record ${index + 1} of ${url} is not a lap of either generation.`);
      laps.push(lap.lap);
      generation = lap.generation;
    }
    laps.sort((a, b) => a.endMs - b.endMs); // stable: laps ending together keep the server's order
    return { laps, message: parsed.data.message || "OK", error: false, generation };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return failure(`The backend could not be reached (${why}).`);
  }
}

/** GET `${apiBase}/drivers` → RFID → driver name. Optional: any failure is an empty map. */
export async function fetchDrivers(
  apiBase: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Record<string, string>> {
  try {
    const response = await fetchImpl(`${base(apiBase)}/drivers`, NO_REDIRECT);
    if (response.status !== 200) return {};
    const parsed = driversResponseSchema.safeParse(await response.json());
    if (!parsed.success) return {};
    const names: Record<string, string> = {};
    for (const { Rfid, driver } of parsed.data.data) names[Rfid] = driver;
    return names;
  } catch {
    return {};
  }
}
