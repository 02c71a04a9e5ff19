// The backend link's long-polling against a real feed server: the next poll is
// asked for before an answer's packets are handled, so the browser loads it
// while the telemetry worker parses (bench/RESULTS.md, stop 28: with engine.io's
// own order, poll after handling, the slow machine fell behind at 5,000/s).
import { afterEach, describe, expect, it, vi } from "vitest";
import { io, type Socket } from "socket.io-client";
import { FeedServer } from "../../feed-server/FeedServer";
import { PollReader } from "../../workers/telemetry/sources/polling/PollReader";
import { readerPolling } from "../../workers/telemetry/sources/polling/readerPolling";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe("long-polling through the poll reader", () => {
  it("asks for the next poll before handling an answer's packets, one GET at a time", async () => {
    const server = await FeedServer.start({ port: 0, host: "127.0.0.1", rate: 200 });
    cleanup.push(() => server.stop());
    // Count the GETs asked for, and note which one's answer is being handled.
    const reader = PollReader.inline();
    const read = reader.read.bind(reader);
    let asked = 0;
    let answering = -1;
    reader.read = (url, credentials) => {
      const poll = asked++;
      return read(url, credentials).then((text) => {
        answering = poll;
        return text;
      });
    };
    const socket: Socket = io(server.url, {
      transports: [readerPolling(reader)],
      upgrade: false,
      reconnection: false,
    });
    cleanup.push(() => void socket.close());
    // The engine's own packets, as they are handled (Socket.IO's events come a
    // tick later, after the whole answer).
    const pollsAheadAtPacket: number[] = [];
    socket.io.engine.on("packet", (packet) => {
      if (packet.type === "message") pollsAheadAtPacket.push(asked - 1 - answering);
    });
    await vi.waitFor(() => expect(pollsAheadAtPacket.length).toBeGreaterThanOrEqual(200), {
      timeout: 10_000,
      interval: 50,
    });
    // Every packet handled on the open link: the next GET (one, never two) was already out.
    expect(new Set(pollsAheadAtPacket)).toEqual(new Set([1]));
  });
});
