import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { FeedServer } from "../../feed-server/FeedServer";
import {
  fetchBackendSpan,
  walkPacketsBetween,
} from "../../workers/telemetry/replay/backendPlayback";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let server: FeedServer | null = null;

afterEach(async () => {
  await server?.stop();
  server = null;
});

/** Fetch that counts requests and the largest answer. */
function countingFetch() {
  const stats = { requests: 0, largest: 0 };
  const impl: typeof fetch = async (input, init) => {
    stats.requests++;
    const response = await fetch(input, init);
    const text = await response.text();
    stats.largest = Math.max(stats.largest, text.length);
    return new Response(text, { status: response.status });
  };
  return { impl, stats };
}

describe("backend playback against the feed server", () => {
  it("2026-01: walks the range in capped windows and gets every packet once, in order", async () => {
    server = await FeedServer.start({ port: 0, rate: 200, answerCapBytes: 40_000 });
    await sleep(1200);
    server.pause();
    const span = await fetchBackendSpan(server.url);
    expect(span).toMatchObject({ ok: true, generation: "2026-01" });
    if (!span.ok) return;
    const { impl, stats } = countingFetch();
    const times: number[] = [];
    await walkPacketsBetween({
      baseUrl: server.url,
      from: span.first,
      to: span.last,
      generation: span.generation,
      fetchImpl: impl,
      onPackets: (packets) => {
        for (const p of packets) times.push((p as { TimeStamp: number }).TimeStamp);
      },
    });
    expect(times).toEqual(server.sentLog.map((s) => s.time));
    expect(stats.largest).toBeLessThanOrEqual(40_000);
    expect(stats.requests).toBeGreaterThan(5); // it really had to walk
  });

  it("2026-06: milliseconds, bare packets, the whole range in one answer", async () => {
    server = await FeedServer.start({ port: 0, rate: 100, generation: "2026-06" });
    await sleep(800);
    server.pause();
    const span = await fetchBackendSpan(server.url);
    expect(span).toMatchObject({ ok: true, generation: "2026-06" });
    if (!span.ok) return;
    expect(span.first).toBeCloseTo(server.sentLog[0]!.time, 2);
    const { impl, stats } = countingFetch();
    let count = 0;
    await walkPacketsBetween({
      baseUrl: server.url,
      from: span.first,
      to: span.last,
      generation: span.generation,
      fetchImpl: impl,
      onPackets: (packets) => (count += packets.length),
    });
    expect(count).toBe(server.sentLog.length);
    expect(stats.requests).toBe(1);
  });

  it("the service replays a backend range: values at the clock, and the live feed goes on", async () => {
    server = await FeedServer.start({ port: 0, rate: 50, answerCapBytes: 30_000 });
    await sleep(1500);
    const first = server.sentLog[0]!.time;
    const last = server.sentLog.at(-1)!.time;
    const service = new TelemetryService({ indexedDB: null });
    service.start({ backendUrl: server.url, connectToBackend: false }, () => undefined);
    service.startReplay({ kind: "range", from: first, to: last, source: "backend" });
    for (let i = 0; i < 100 && service.snapshot(0).playback.clock === null; i++) await sleep(30);
    for (let i = 0; i < 100 && service.snapshot(0).playback.loading !== null; i++) await sleep(30);
    const snap = service.snapshot(0);
    expect(snap.playback.error).toBeNull();
    expect(snap.playback.origin).toMatchObject({ kind: "backend" });
    expect(snap.counters.historyLength).toBeGreaterThanOrEqual(
      server.sentLog.filter((s) => s.time <= last).length,
    );
    expect(snap.counters.lastPacketTime).toBe(first);
    service.stop();
  });
});
