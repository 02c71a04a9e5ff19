// The 2026-01 server's broken WebSocket upgrade (PROTOCOL.md "Transport"):
// a second WebSocket server shares its HTTP server and refuses upgrade
// requests that are not on its own path, while Socket.IO's engine accepts
// them too. The client reads "101 Switching Protocols" and then the other
// server's "400 Bad Request" where its first WebSocket frame should be, and
// the WebSocket fails. Long-polling on the same server is untouched.
import type { IncomingMessage } from "node:http";
import type { Server } from "socket.io";

/** What the other server writes, as a stock WebSocket server refuses a request. */
const REFUSAL =
  "HTTP/1.1 400 Bad Request\r\n" +
  "Connection: close\r\n" +
  "Content-Type: text/html\r\n" +
  "Content-Length: 11\r\n\r\n" +
  "Bad Request";

/**
 * Refuse every WebSocket right after Socket.IO's engine accepted it. The
 * engine's "headers" event comes just before it writes its 101 (in the same
 * turn, after its CORS check), so the refusal, a tick later, follows the 101
 * on the wire, in that order, as on the real server.
 */
export function breakWebSocketUpgrades(io: Server): void {
  io.engine.on("headers", (_headers: unknown, request: IncomingMessage) => {
    if (request.headers.upgrade?.toLowerCase() !== "websocket") return;
    const socket = request.socket;
    process.nextTick(() => {
      if (!socket.writable) return;
      socket.once("finish", () => socket.destroy());
      socket.end(REFUSAL);
    });
  });
}
