import { describe, expect, it } from "vitest";
import {
  fetchBackendSpan,
  walkPacketsBetween,
} from "../../workers/telemetry/replay/backendPlayback";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { T0, oldBackend, packet, vi_waitFor } from "./backendKit";

describe("walking /packetsBetween", () => {
  it("2026-01: continues after the last timestamp, keeps packets sharing a timestamp, none twice", async () => {
    // 3 packets per second stamped with whole seconds: an answer can end mid-second.
    const times = Array.from({ length: 30 }, (_, i) => T0 + Math.floor(i / 3));
    const { impl, requests } = oldBackend(times, 4);
    const got: number[] = [];
    await walkPacketsBetween({
      baseUrl: "http://backend",
      from: T0,
      to: T0 + 9,
      generation: "2026-01",
      fetchImpl: impl,
      onPackets: (packets) =>
        got.push(...packets.map((p) => (p as { TimeStamp: number }).TimeStamp)),
    });
    expect(got).toHaveLength(30);
    expect(got).toEqual([...got].sort((a, b) => a - b));
    expect(requests.length).toBeGreaterThan(7);
    expect(requests.length).toBeLessThan(20);
  });

  it("2026-06: asks in milliseconds and reads bare packets", async () => {
    const urls: string[] = [];
    const impl: typeof fetch = async (input) => {
      urls.push(String(input));
      return Response.json({ data: [packet(0), packet(1)], message: "OK" });
    };
    const got: unknown[] = [];
    await walkPacketsBetween({
      baseUrl: "http://b/",
      from: T0,
      to: T0 + 1,
      generation: "2026-06",
      fetchImpl: impl,
      onPackets: (p) => got.push(...p),
    });
    expect(urls).toEqual([
      `http://b/packetsBetween?startTime=${T0 * 1000}&endTime=${(T0 + 1) * 1000}`,
    ]);
    expect(got).toHaveLength(2);
  });

  it("tells the generation from the span's magnitude", async () => {
    const ms: typeof fetch = async () =>
      Response.json({ firstDate: T0 * 1000, lastDate: (T0 + 5) * 1000 });
    expect(await fetchBackendSpan("http://b", ms)).toEqual({
      ok: true,
      first: T0,
      last: T0 + 5,
      generation: "2026-06",
    });
  });

  it("bad answers give a clear message, not an exception", async () => {
    const status: typeof fetch = async () => new Response("nope", { status: 502 });
    expect(await fetchBackendSpan("http://b", status)).toEqual({
      ok: false,
      message: "The backend answered HTTP 502 (http://b/firstAndLastPacket)",
    });
    const html: typeof fetch = async () => new Response("<html>", { status: 200 });
    expect(await fetchBackendSpan("http://b", html)).toMatchObject({
      ok: false,
      message: /not JSON/,
    });
    const noData: typeof fetch = async () => Response.json({ message: "OK" });
    await expect(
      walkPacketsBetween({
        baseUrl: "http://b",
        from: 0,
        to: 1,
        generation: "2026-01",
        fetchImpl: noData,
        onPackets: () => undefined,
      }),
    ).rejects.toThrow("The backend's /packetsBetween answer has no data list");
  });
});

describe("replaying a backend range in the service", () => {
  it("counts packets that fail validation and replays the rest", async () => {
    const times = Array.from({ length: 12 }, (_, i) => T0 + i);
    const { impl } = oldBackend(times, 5, { 3: { TimeStamp: "soon" }, 7: "garbage" });
    const service = new TelemetryService({ fetchImpl: impl, indexedDB: null });
    service.start({ connectToBackend: false, backendUrl: "http://backend" }, () => undefined);
    service.startReplay({ kind: "range", from: T0, to: T0 + 11, source: "backend" });
    await vi_waitFor(
      () =>
        service.snapshot(0).playback.clock !== null &&
        service.snapshot(0).playback.loading === null,
    );
    const snap = service.snapshot(0);
    expect(snap.playback.rejected).toBe(2);
    expect(snap.counters.historyLength).toBe(10);
    expect(snap.changed["Battery.PackVoltage"]).toBe(100); // the first replayed packet at the clock
    service.stop();
  });

  it("replays strings as sent and shows the backend's laps inside the range", async () => {
    const times = Array.from({ length: 12 }, (_, i) => T0 + i);
    const named = Object.fromEntries(
      times.map((t, i) => [i, { ...packet(t - T0), Title: `Helios ${i}`, Pi: { Rfid: "tag-7" } }]),
    );
    const backend = oldBackend(times, 5, named);
    const lap = (at: number) => ({
      Rfid: "tag-7",
      timestamp: at,
      data: Object.fromEntries(
        ["ampHours", "averagePackCurrent", "averageSpeed", "batterySecondsRemaining", "distance"]
          .concat(["energyConsumed", "lapTime", "netPowerOut", "timeStamp", "totalPowerIn"])
          .concat(["totalPowerOut"])
          .map((k) => [k, k === "timeStamp" ? at : 1]),
      ),
    });
    const impl: typeof fetch = async (input, init) =>
      new URL(String(input)).pathname === "/laps"
        ? Response.json({ data: [lap(T0 - 100), lap(T0 + 5), lap(T0 + 50)], message: "OK" })
        : backend.impl(input, init);
    const events: WorkerEvent[] = [];
    const service = new TelemetryService({ fetchImpl: impl, indexedDB: null, flushIntervalMs: 1 });
    service.start(
      { connectToBackend: false, backendUrl: "http://backend" },
      (batch) => void events.push(...batch),
    );
    service.startReplay({ kind: "range", from: T0, to: T0 + 11, source: "backend" });
    await vi_waitFor(
      () =>
        service.snapshot(0).playback.clock !== null &&
        service.snapshot(0).playback.loading === null &&
        service.snapshot(0).playback.laps.length > 0,
    );
    const snap = service.snapshot(0);
    expect(snap.changed["Title"]).toBe("Helios 0");
    expect(snap.changed["Pi.Rfid"]).toBe("tag-7");
    expect(snap.playback.laps).toEqual([T0 + 5]);
    await new Promise((r) => setTimeout(r, 20));
    const laps = events.filter((e) => e.type === "laps").at(-1);
    expect(laps?.type === "laps" && laps.result.laps.map((l) => l.endMs)).toEqual([
      (T0 + 5) * 1000,
    ]);
    await service.seek(T0 + 7);
    expect(service.snapshot(snap.seq).changed["Title"]).toBe("Helios 7");
    service.stop();
  });

  it("an HTTP error ends the load with a message in the playback state", async () => {
    const impl: typeof fetch = async () => new Response("down", { status: 500 });
    const events: unknown[] = [];
    const service = new TelemetryService({ fetchImpl: impl, indexedDB: null, flushIntervalMs: 1 });
    service.start(
      { connectToBackend: false, backendUrl: "http://backend" },
      (e) => void events.push(...e),
    );
    service.startReplay({ kind: "range", from: T0, to: T0 + 11, source: "backend" });
    await vi_waitFor(() => service.snapshot(0).playback.error !== null);
    expect(service.snapshot(0).playback.error).toMatch(/HTTP 500/);
    expect(service.snapshot(0).changed["Battery.PackVoltage"]).toBe(0); // still the default packet
    service.stop();
  });
});
