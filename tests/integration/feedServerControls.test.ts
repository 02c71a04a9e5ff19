import { afterEach, describe, expect, it, vi } from "vitest";
import { io, type Socket } from "socket.io-client";
import { FeedServer } from "../../feed-server/FeedServer";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../../workers/telemetry/features";

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
      generation: "2026-06", // its WebSocket upgrade works (2026-01's fails, as the real one's)
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

  it("encodeOncePerTick: every packet a valid telemetry packet with its own time, raceInfo beside each", async () => {
    server = await FeedServer.start({ port: 0, rate: 500, speedup: 10, encodeOncePerTick: true });
    const store = new TelemetryStore({ layout: LAYOUT });
    const times: number[] = [];
    let raceInfos = 0;
    // 2026-01 (the store's spelling) fails the WebSocket upgrade: its frames, over long-polling.
    client = io(server.url, { transports: ["polling"] });
    client.on("packet", (packet: { TimeStamp: number }) => {
      times.push(packet.TimeStamp);
      store.ingest(packet, "NETWORK");
    });
    client.on("raceInfo", () => raceInfos++);
    await new Promise<void>((resolve) => client!.once("connect", () => resolve()));
    await vi.waitFor(() => expect(times.length).toBeGreaterThan(100), { timeout: 5000 });
    expect(store.counters().accepted).toBe(times.length);
    expect(raceInfos).toBeGreaterThanOrEqual(times.length - 1);
    // Simulated time: each packet its own step (10 × 1/500 s), never a repeat or a jump back.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeCloseTo(0.02, 6);
  });
});
