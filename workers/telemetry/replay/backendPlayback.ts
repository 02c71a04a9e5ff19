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
import { FIRST_GENERATION, SECOND_GENERATION } from "../schema/generations";
import { getJson, type RequestOptions } from "./backendRequest";

/** Dates above this are milliseconds (2026-06); below, seconds (2026-01). */
const MS_THRESHOLD = 1e11;
const MAX_WINDOWS = 100_000;

type Fetch = typeof fetch;

function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}

/** The span the backend holds; `options.signal` aborts the request (a cancelled replay). */
export async function fetchBackendSpan(
  baseUrl: string,
  fetchImpl: Fetch = fetch,
  options: RequestOptions = {},
): Promise<BackendSpan> {
  try {
    const url = endpoint(baseUrl, "/firstAndLastPacket");
    const body = (await getJson(fetchImpl, url, options)) as Record<string, unknown>;
    const first = body?.firstDate;
    const last = body?.lastDate;
    if (typeof first !== "number" || typeof last !== "number" || !(last >= first))
      return { ok: false, message: "The backend's /firstAndLastPacket answer has no valid dates" };
    const generation: BackendGeneration =
      first > MS_THRESHOLD ? SECOND_GENERATION : FIRST_GENERATION;
    const scale = generation === SECOND_GENERATION ? 1000 : 1;
    return { ok: true, first: first / scale, last: last / scale, generation };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { ok: false, message: (error as Error).message };
  }
}

interface WalkOptions {
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
  /** Deadline of each request, body included (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
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

interface WindowItem {
  time: number | null;
  id: unknown;
  packet: unknown;
}

function windowItem(item: unknown): WindowItem {
  const record = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
  return {
    time: typeof record.timestamp === "number" ? record.timestamp : null,
    id: record.id,
    packet: "data" in record ? record.data : item,
  };
}

function stuck(kept: number): Error {
  return new Error(
    "The backend ignored the requested start time: it sent again packets already loaded, " +
      `so loading stopped after ${kept} packets instead of asking again. Later packets of ` +
      "the range, if there are any, are missing.",
  );
}

/**
 * Walks [from, to]; throws (with a readable message) on an HTTP error, a bad
 * body, or a backend that stops making progress. Every window either brings at
 * least one packet not yet received or steps past a second already complete;
 * a window that does neither ends the walk. So a server that ignores
 * `startTime` costs two requests, not thousands, and no packet is passed on twice.
 */
export async function walkPacketsBetween(options: WalkOptions): Promise<void> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const table = options.generations ?? GENERATION_TABLE;
  const { from, to, signal } = options;
  const request = { signal, timeoutMs: options.timeoutMs };
  const span = Math.max(1e-9, to - from);
  const url = (start: number, end: number) =>
    endpoint(options.baseUrl, `/packetsBetween?startTime=${start}&endTime=${end}`);

  if (options.generation === SECOND_GENERATION) {
    const body = await getJson(
      fetchImpl,
      url(Math.round(from * 1000), Math.round(to * 1000)),
      request,
    );
    options.onPackets(dataArray(body).map((packet) => internal(packet, table)));
    options.onProgress?.(1);
    return;
  }

  let start = from;
  /** Ids already passed on at `start` (an answer can end part-way through a second). */
  let seenAtStart = new Set<unknown>();
  let kept = 0;
  for (let windows = 0; windows < MAX_WINDOWS; windows++) {
    const items = dataArray(await getJson(fetchImpl, url(start, to), request)).map(windowItem);
    if (items.length === 0) return;
    const packets: unknown[] = [];
    let last = start;
    let seenAtLast = new Set<unknown>(seenAtStart);
    let earlier = 0; // before the start asked for: a server ignoring startTime
    let later = false; // past the range's end: nothing more to ask for
    for (const { time, id, packet } of items) {
      // Untimed items cannot be placed in the walk: passed on once, in the first window.
      if (time === null) {
        if (windows === 0) packets.push(internal(packet, table));
        continue;
      }
      if (time < start) earlier++;
      else if (time > to) later = true;
      else if (!(time === start && seenAtStart.has(id))) {
        packets.push(internal(packet, table));
        if (time > last) {
          last = time;
          seenAtLast = new Set();
        }
        if (time === last) seenAtLast.add(id);
      }
    }
    kept += packets.length;
    if (packets.length > 0) options.onPackets(packets);
    options.onProgress?.(Math.min(1, (last - from) / span));
    const fresh = last > start || seenAtLast.size > seenAtStart.size;
    if (fresh) {
      start = last;
      seenAtStart = seenAtLast;
    } else if (earlier > 0) {
      throw stuck(kept);
    } else if (!later) {
      // Only packets of `start` already received: that second is done (or holds
      // more than one answer can carry); ask from just after it.
      start += 0.001;
      seenAtStart = new Set();
      if (start > to) return;
    } else return;
  }
}
