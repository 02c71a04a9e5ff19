// Per-client protocol handling: lapCoords on connect, `ping` acknowledged,
// `setLapCoords` with the password.
import type { Socket } from "socket.io";
import type { FeedServer } from "./FeedServer";

type Ack = (response: unknown) => void;

export function attachSocketHandlers(server: FeedServer): void {
  server.io.on("connection", (socket: Socket) => {
    socket.emit("lapCoords", server.lapCoords);
    if (server.carConnected) socket.emit("carLatency", server.carLatency());

    socket.on("ping", (ack: unknown) => {
      if (typeof ack === "function") (ack as () => void)();
    });

    socket.on("setLapCoords", (payload: unknown, ack: unknown) => {
      const reply = typeof ack === "function" ? (ack as Ack) : () => undefined;
      const { lat, long, password } = (payload ?? {}) as Record<string, unknown>;
      if (password !== server.options.password) {
        reply({ error: "Invalid password" });
        return;
      }
      const latN = Number(lat);
      const longN = Number(long);
      const invalidFields = [
        ...(typeof lat === "string" && Math.abs(latN) <= 90 && lat.trim() !== "" ? [] : ["lat"]),
        ...(typeof long === "string" && Math.abs(longN) <= 180 && long.trim() !== ""
          ? []
          : ["long"]),
      ];
      if (invalidFields.length > 0) {
        reply({ error: "Invalid coordinates", invalidFields });
        return;
      }
      server.lapCoords = { lat: latN, long: longN };
      server.io.emit("lapCoords", server.lapCoords);
      reply(server.lapCoords);
    });
  });
}
