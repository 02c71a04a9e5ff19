// Per-client protocol handling: lapCoords on connect, `ping` acknowledged,
// `setLapCoords` with the finish-line password, answered as the chosen
// generation does: 2026-01 broadcasts the answer (success or error) to every
// client and takes no callback; 2026-06 acknowledges the sender with the
// answer and broadcasts only a success.
import type { Socket } from "socket.io";
import { SECOND_GENERATION } from "../workers/telemetry/schema/generations";
import type { FeedServer } from "./FeedServer";

type Ack = (response: unknown) => void;

function validate(lat: unknown, long: unknown): string[] {
  const ok = (text: unknown, limit: number) =>
    typeof text === "string" && text.trim() !== "" && Math.abs(Number(text)) <= limit;
  return [...(ok(lat, 90) ? [] : ["lat"]), ...(ok(long, 180) ? [] : ["long"])];
}

export function attachSocketHandlers(server: FeedServer): void {
  server.io.on("connection", (socket: Socket) => {
    socket.emit("lapCoords", server.lapCoords);
    if (server.carConnected) socket.emit("carLatency", server.carLatency());

    socket.on("ping", (ack: unknown) => {
      if (typeof ack === "function") (ack as () => void)();
    });

    socket.on("setLapCoords", (payload: unknown, ack: unknown) => {
      const acknowledges = server.options.generation === SECOND_GENERATION;
      const reply = acknowledges && typeof ack === "function" ? (ack as Ack) : () => undefined;
      const { lat, long, password } = (payload ?? {}) as Record<string, unknown>;
      const fail = (answer: { error: string; invalidFields?: string[] }) => {
        if (acknowledges) reply(answer);
        else server.io.emit("lapCoords", answer);
      };
      if (password !== server.options.password) {
        fail({ error: "Invalid password", invalidFields: ["password"] });
        return;
      }
      const invalidFields = validate(lat, long);
      if (invalidFields.length > 0) {
        fail({ error: "Invalid coordinates", invalidFields });
        return;
      }
      server.setLapCoords({ lat: Number(lat), long: Number(long) });
      reply(server.lapCoords);
    });
  });
}
