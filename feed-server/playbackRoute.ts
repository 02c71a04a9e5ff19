// The backend's playback REST, served from the packets this server has sent:
//   GET /firstAndLastPacket  → { firstDate, lastDate, message }
//   GET /packetsBetween?startTime&endTime → { data: [...], message: "OK" }
// Generation 2026-01: epoch seconds, items { data: packet, id, timestamp, type },
// an answer stops before it would pass `answerCapBytes` (no paging, as the real
// DynamoDB-backed server). Generation 2026-06: epoch ms, items are the packets,
// the whole range in one answer.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BackendGeneration } from "../workers/contract/laps";
import { SECOND_GENERATION } from "../workers/telemetry/schema/generations";

export interface SentPacket {
  /** Stable across trimming of the log (the 2026-01 item id). */
  id: number;
  /** Packet time, epoch seconds (the packet's TimeStamp). */
  time: number;
  packet: unknown;
}

export interface PlaybackRouteOptions {
  generation: BackendGeneration;
  answerCapBytes: number;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** First index with time ≥ t (the log is in sending order, i.e. by time). */
function lowerBound(log: readonly SentPacket[], t: number): number {
  let lo = 0;
  let hi = log.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (log[mid]!.time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Handles the two playback paths; returns false for any other path. */
export function handlePlayback(
  req: IncomingMessage,
  res: ServerResponse,
  log: readonly SentPacket[],
  options: PlaybackRouteOptions,
): boolean {
  const url = new URL(req.url ?? "/", "http://localhost");
  const scale = options.generation === SECOND_GENERATION ? 1000 : 1;
  if (url.pathname === "/firstAndLastPacket") {
    if (log.length === 0)
      json(res, 200, { firstDate: null, lastDate: null, message: "No packets" });
    else
      json(res, 200, {
        firstDate: log[0]!.time * scale,
        lastDate: log[log.length - 1]!.time * scale,
        message: "OK",
      });
    return true;
  }
  if (url.pathname !== "/packetsBetween") return false;
  const start = Number(url.searchParams.get("startTime"));
  const end = Number(url.searchParams.get("endTime"));
  if (!url.searchParams.has("startTime") || !Number.isFinite(start) || !Number.isFinite(end)) {
    json(res, 400, { message: "startTime and endTime are required" });
    return true;
  }
  const from = start / scale;
  const to = end / scale;
  const data: unknown[] = [];
  let bytes = 0;
  for (let i = lowerBound(log, from); i < log.length && log[i]!.time <= to; i++) {
    const sent = log[i]!;
    if (options.generation === SECOND_GENERATION) {
      data.push(sent.packet);
      continue;
    }
    const item = {
      data: sent.packet,
      id: `packet-${sent.id}`,
      timestamp: sent.time,
      type: "packet",
    };
    const size = JSON.stringify(item).length + 1;
    if (data.length > 0 && bytes + size > options.answerCapBytes) break;
    bytes += size;
    data.push(item);
  }
  json(res, 200, { data, message: "OK" });
  return true;
}
