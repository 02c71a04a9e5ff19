// GET /laps and GET /drivers in the backend's body shape: { data: [...], message, uptime },
// lap records in the chosen generation's wire form and order.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LapRecord } from "../workers/telemetry/laps/lapRecord";
import { SECOND_GENERATION } from "../workers/telemetry/schema/generations";
import { wireLap, type Generation } from "./generation";

/** The simulated car's drivers (their RFIDs are in workers/telemetry/sources/demo/CarSimulator.ts). */
export const FEED_DRIVERS = [
  { Rfid: "0x4A7F21C3", driver: "Sim Driver A" },
  { Rfid: "0x19B04E5D", driver: "Sim Driver B" },
  { Rfid: "0x7C3D9A10", driver: "Sim Driver C" },
];

export function lapsHandler(laps: () => LapRecord[], generation: Generation, startedAt: number) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    // Socket.IO answers its own path; everything else is ours.
    if (req.url?.startsWith("/socket.io")) return;
    res.setHeader("Access-Control-Allow-Origin", "*");
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Methods", "GET");
      res.writeHead(204).end();
      return;
    }
    const uptime = `${((Date.now() - startedAt) / 1000).toFixed(1)} seconds`;
    const data =
      req.method !== "GET"
        ? null
        : path === "/laps"
          ? inServerOrder(laps(), generation).map((lap) => wireLap(lap, generation))
          : path === "/drivers"
            ? FEED_DRIVERS
            : null;
    if (data === null) {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ message: "Not found" }));
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ data, message: "OK", uptime }));
  };
}

/**
 * The laps in the order the real server answers: 2026-01 oldest first, 2026-06
 * newest first (its query orders by timestamp, descending; PROTOCOL.md).
 */
function inServerOrder(laps: LapRecord[], generation: Generation): LapRecord[] {
  if (generation !== SECOND_GENERATION) return laps;
  return [...laps].sort((a, b) => b.timestamp - a.timestamp);
}
