import { afterEach, describe, expect, it } from "vitest";
import { io, type Socket } from "socket.io-client";
import { FeedServer } from "../../feed-server/FeedServer";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let server: FeedServer | null = null;
let client: Socket | null = null;

afterEach(async () => {
  client?.close();
  await server?.stop();
  server = client = null;
});

describe("feed server benchmark controls", () => {
  it("holds packets back until resumed, then sends them stamped with the send time", async () => {
    server = await FeedServer.start({
      port: 0,
      rate: 200,
      startPaused: true,
      wallClockTimestamps: true,
    });
    const received: number[] = [];
    client = io(server.url, { transports: ["websocket"] });
    client.on("packet", (packet: { TimeStamp: number }) => received.push(packet.TimeStamp));
    await new Promise<void>((resolve) => client!.once("connect", () => resolve()));

    await sleep(300);
    expect(server.sent).toBe(0);
    expect(received).toHaveLength(0);

    server.resume();
    await sleep(500);
    server.pause();
    await sleep(200);
    const sent = server.sent;
    expect(sent).toBeGreaterThan(60);
    expect(received).toHaveLength(sent);
    // Stamped at sending: no older than the moment we resumed, no newer than now.
    const now = Date.now() / 1000;
    for (const stamp of received) expect(now - stamp).toBeLessThan(1);

    await sleep(300);
    expect(server.sent).toBe(sent);
  });
});
