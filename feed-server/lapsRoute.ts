// GET /laps in the backend's body shape: { data: [...], message, uptime }.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LapRecord } from "../workers/laps/laps";

export function lapsHandler(laps: () => LapRecord[], startedAt: number) {
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
    if (req.method !== "GET" || path !== "/laps") {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ message: "Not found" }));
      return;
    }
    const uptime = `${((Date.now() - startedAt) / 1000).toFixed(1)} seconds`;
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ data: laps(), message: "OK", uptime }));
  };
}
