// Replaying a backend date range from the feed server's playback endpoints, in
// both generations: 2026-01 walked in windows under a small answer cap (so the
// walk takes several requests), 2026-06 in one answer. What the service
// replays is exactly what the server sent in the range, strings included.
import { afterEach, describe, expect, it, vi } from "vitest";
import { FeedServer } from "../../feed-server/FeedServer";
import { GENERATIONS } from "../../feed-server/generation";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe.each(GENERATIONS)("replaying a range from a %s backend", (generation) => {
  it("loads every packet the server sent in the range, and only those", async () => {
    const server = await FeedServer.start({
      port: 0,
      rate: 100,
      generation,
      answerCapBytes: 60_000, // a handful of packets per 2026-01 answer
    });
    cleanup.push(() => server.stop());
    await vi.waitFor(() => expect(server.sentLog.length).toBeGreaterThan(160), {
      timeout: 15_000,
      interval: 50,
    });
    const log = server.sentLog.slice(10, 160);
    const from = log[0]!.time;
    const to = log.at(-1)!.time;
    const expected = server.sentLog.filter((p) => p.time >= from && p.time <= to);
    const requests: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      requests.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const service = new TelemetryService({ fetchImpl, indexedDB: null });
    service.start({ connectToBackend: false, backendUrl: server.url }, () => undefined);
    cleanup.push(() => service.stop());
    service.startReplay({ kind: "range", from, to, source: "backend" });
    await vi.waitFor(
      () => {
        const playback = service.snapshot(0).playback;
        expect(playback.clock).not.toBeNull();
        expect(playback.loading).toBeNull();
      },
      { timeout: 15_000, interval: 50 },
    );
    const snap = service.snapshot(0);
    expect(snap.playback.error).toBeNull();
    expect(snap.playback.rejected).toBe(0);
    expect(snap.counters.historyLength).toBe(expected.length);
    // Sized to the range as it streamed in (grown past the first guess), not
    // to the live day's 345,600 rows (issue 33).
    expect(snap.counters.historyCapacity).toBeGreaterThanOrEqual(expected.length);
    expect(snap.counters.historyCapacity).toBeLessThanOrEqual(4 * expected.length + 64);
    const first = expected[0]!.packet as { Title: string; Pi: { Rfid: string } };
    expect(snap.changed["Title"]).toBe(first.Title);
    expect(snap.changed["Pi.Rfid"]).toBe(first.Pi.Rfid);
    const walks = requests.filter((path) => path === "/packetsBetween").length;
    if (generation === "2026-01") expect(walks).toBeGreaterThan(3);
    else expect(walks).toBe(1);
  });
});
