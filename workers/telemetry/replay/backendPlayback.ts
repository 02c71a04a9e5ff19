// The backend's playback REST (PROTOCOL.md "More of the real server"):
//   GET {api}/firstAndLastPacket → { firstDate, lastDate, message }
//   GET {api}/packetsBetween?startTime&endTime → { data: [...], message }
// Generation 2026-01: epoch seconds, items { data: packet, id, timestamp, type },
// at most ~1 MB (~100 packets) per answer and no paging, so the range is walked
// in windows, each continuing from the last timestamp received (ids already
// seen at that timestamp are skipped). Generation 2026-06: epoch milliseconds,
// items are the packets, the whole range in one answer. Either way each
// packet's wire names become internal ones here (schema/generations.ts).
import type { BackendGeneration } from "../../contract/laps";
import type { BackendSpan } from "../../contract/sessions";
import { GENERATION_TABLE, type GenerationTable } from "../schema/generationTable";

/** Dates above this are milliseconds (2026-06); below, seconds (2026-01). */
const MS_THRESHOLD = 1e11;
const MAX_WINDOWS = 100_000;

type Fetch = typeof fetch;

function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}

async function getJson(fetchImpl: Fetch, url: string, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(`The backend did not answer (${url})`);
  }
  if (!response.ok) throw new Error(`The backend answered HTTP ${response.status} (${url})`);
  try {
    return await response.json();
  } catch {
    throw new Error(`The backend's answer is not JSON (${url})`);
  }
}

export async function fetchBackendSpan(
  baseUrl: string,
  fetchImpl: Fetch = fetch,
): Promise<BackendSpan> {
  try {
    const body = (await getJson(fetchImpl, endpoint(baseUrl, "/firstAndLastPacket"))) as Record<
      string,
      unknown
    >;
    const first = body?.firstDate;
    const last = body?.lastDate;
    if (typeof first !== "number" || typeof last !== "number" || !(last >= first))
      return { ok: false, message: "The backend's /firstAndLastPacket answer has no valid dates" };
    const generation: BackendGeneration = first > MS_THRESHOLD ? "2026-06" : "2026-01";
    const scale = generation === "2026-06" ? 1000 : 1;
    return { ok: true, first: first / scale, last: last / scale, generation };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

export interface WalkOptions {
  baseUrl: string;
  /** Packet time, epoch seconds. */
  from: number;
  to: number;
  generation: BackendGeneration;
  fetchImpl?: Fetch;
  signal?: AbortSignal;
  /** Each answer's packets (not yet validated), in order. */
  onPackets: (packets: unknown[]) => void;
  /** Share of [from, to] covered so far. */
  onProgress?: (fraction: number) => void;
  /** The wire generations packets are read with (default: the real table; tests add entries). */
  generations?: GenerationTable;
}

/** The packet edge: a packet in whichever generation's spelling, with internal names. */
function internal(packet: unknown, table: GenerationTable): unknown {
  return table.toInternal(packet, table.recognise(packet));
}

function dataArray(body: unknown): unknown[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data))
    throw new Error("The backend's /packetsBetween answer has no data list");
  return data;
}

/** Walks [from, to]; throws (with a readable message) on an HTTP error or a bad body. */
export async function walkPacketsBetween(options: WalkOptions): Promise<void> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const table = options.generations ?? GENERATION_TABLE;
  const { from, to, signal } = options;
  const span = Math.max(1e-9, to - from);
  const url = (start: number, end: number) =>
    endpoint(options.baseUrl, `/packetsBetween?startTime=${start}&endTime=${end}`);

  if (options.generation === "2026-06") {
    const body = await getJson(
      fetchImpl,
      url(Math.round(from * 1000), Math.round(to * 1000)),
      signal,
    );
    options.onPackets(dataArray(body).map((packet) => internal(packet, table)));
    options.onProgress?.(1);
    return;
  }

  let start = from;
  let seenAtStart = new Set<unknown>();
  for (let windows = 0; windows < MAX_WINDOWS; windows++) {
    const items = dataArray(await getJson(fetchImpl, url(start, to), signal));
    const packets: unknown[] = [];
    let last = start;
    let seenAtLast = new Set<unknown>();
    for (const item of items) {
      const record = (typeof item === "object" && item !== null ? item : {}) as Record<
        string,
        unknown
      >;
      const time = typeof record.timestamp === "number" ? record.timestamp : null;
      if (time !== null && time === start && seenAtStart.has(record.id)) continue;
      packets.push(internal("data" in record ? record.data : item, table));
      if (time === null) continue;
      if (time > last) {
        last = time;
        seenAtLast = new Set();
      }
      if (time === last) seenAtLast.add(record.id);
    }
    if (packets.length > 0) options.onPackets(packets);
    options.onProgress?.(Math.min(1, (last - from) / span));
    // Not `last >= to`: more packets may share the final timestamp.
    if (items.length === 0) return;
    const grewAtStart = last === start && [...seenAtLast].some((id) => !seenAtStart.has(id));
    if (last > start) {
      start = last;
      seenAtStart = seenAtLast;
    } else if (grewAtStart) {
      seenAtStart = new Set([...seenAtStart, ...seenAtLast]);
    } else {
      // Nothing new at this timestamp (or items without one): step past it.
      start = last + 0.001;
      seenAtStart = new Set();
      if (start > to) return;
    }
  }
}
