import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { trackRequest } from "./trackKit";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { manualTimers } from "./manualTimers";
import { settle, until } from "./sessionsKit";

function demoService(
  factory: IDBFactory,
  timers: ReturnType<typeof manualTimers>["timers"],
  events: WorkerEvent[] = [],
) {
  const service = new TelemetryService({ timers, indexedDB: factory, storage: null, demoSeed: 5 });
  service.start(
    { connectToBackend: false, demoRate: 10, historyCapacity: 5000 },
    (batch) => void events.push(...batch),
  );
  return service;
}

const lastLaps = (events: WorkerEvent[]) => {
  const last = events.filter((e) => e.type === "laps").at(-1);
  return last?.type === "laps" ? last.result.laps : null;
};

describe("sessions through the service", () => {
  it("after a restart the history counter and plots include the packets from before", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers();
    const first = demoService(factory, timers);
    await first.whenRestored();
    for (let i = 0; i < 20; i++) {
      tick(1000);
      await settle();
    }
    const before = first.snapshot(0);
    expect(before.counters.historyLength).toBeGreaterThanOrEqual(200);
    expect(before.recording.available).toBe(true);
    first.stop(); // a reload: the page goes, nothing more is flushed after this
    await settle();

    const second = demoService(factory, timers);
    await second.whenRestored();
    const after = second.snapshot(0);
    expect(after.recording.restoredPackets).toBeGreaterThanOrEqual(
      before.counters.historyLength - 10,
    );
    expect(after.counters.historyLength).toBeGreaterThanOrEqual(before.counters.historyLength - 10);
    const series = second.series({
      fields: ["Battery.PackVoltage"],
      from: null,
      to: null,
      points: 2000,
      units: "metric",
    });
    expect(series.from).toBeLessThanOrEqual(before.counters.lastPacketTime! - 19);
    second.stop();
  });

  it("replays a recorded session: default packet first, then values at the clock, moving at 10×", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers();
    const service = demoService(factory, timers);
    await service.whenRestored();
    for (let i = 0; i < 30; i++) {
      tick(1000);
      await settle();
    }
    const [session] = await service.listSessions();
    expect(session!.packets).toBeGreaterThanOrEqual(290);
    const live = service.snapshot(0);

    service.setPlayback(true);
    const defaults = service.snapshot(live.seq);
    expect(defaults.changed["Battery.PackVoltage"]).toBe(0); // the spec's default packet
    expect(defaults.playback.view).toBe("replay");
    // The empty replay allocates nothing like the live history (issue 33).
    expect(defaults.counters.historyCapacity).toBe(1);

    service.startReplay({ kind: "session", sessionId: session!.id });
    const loaded = await until(
      service,
      (s) => s.playback.loading === null && s.playback.clock !== null,
    );
    expect(loaded.playback.clock).toBe(session!.firstPacketTime);
    expect(loaded.counters.lastPacketTime).toBe(session!.firstPacketTime);
    // The replay holds what it loaded, not the live capacity (5,000 here).
    expect(loaded.counters.historyLength).toBeGreaterThanOrEqual(290);
    expect(loaded.counters.historyCapacity).toBe(loaded.counters.historyLength);
    const startVoltage = loaded.changed["Battery.PackVoltage"];

    service.setSpeed(10);
    service.setPlaying(true);
    tick(1000);
    const moved = service.snapshot(loaded.seq);
    expect(moved.playback.clock).toBeCloseTo(session!.firstPacketTime + 10, 1);
    expect(moved.changed["Battery.PackVoltage"]).not.toBe(startVoltage);
    // Plots follow the clock: "up to the newest" ends at the clock.
    const series = service.series({
      fields: [],
      from: null,
      to: null,
      points: 5000,
      units: "metric",
    });
    expect(series.to).toBeLessThanOrEqual(moved.playback.clock!);
    // So does the map's track: the replay's points, none after the clock.
    const track = service.track(trackRequest());
    expect(track.time.length).toBeGreaterThan(50);
    expect(track.time[0]).toBe(session!.firstPacketTime);
    expect(track.time[track.time.length - 1]).toBeLessThanOrEqual(moved.playback.clock!);

    // Live goes on underneath, and playback off returns to it with nothing lost.
    tick(2000);
    service.setPlayback(false);
    const back = service.snapshot(moved.seq);
    expect(back.playback.view).toBe("live");
    expect(back.counters.accepted).toBe(live.counters.accepted + 30);
    expect(back.counters.historyLength).toBe(live.counters.historyLength + 30);
    service.stop();
  });

  it("seeks anywhere in a session and shows the packet at the new clock", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers();
    const service = demoService(factory, timers);
    await service.whenRestored();
    for (let i = 0; i < 10; i++) {
      tick(1000);
      await settle();
    }
    const [session] = await service.listSessions();
    service.startReplay({ kind: "session", sessionId: session!.id });
    await until(service, (s) => s.playback.clock !== null && s.playback.loading === null);
    const target = session!.firstPacketTime + 5.05;
    await service.seek(target);
    const shown = service.snapshot(0);
    expect(shown.playback.clock).toBe(target);
    expect(shown.counters.lastPacketTime).toBeLessThanOrEqual(target);
    expect(shown.counters.lastPacketTime).toBeGreaterThan(target - 0.2);
    service.stop();
  });

  it("a replayed session shows its own laps (Laps tab, scrubber) and its strings", async () => {
    const factory = new IDBFactory();
    // A real epoch (lap times below 10^11 would read as seconds).
    const { timers, tick } = manualTimers(Date.UTC(2026, 10, 22, 10));
    const events: WorkerEvent[] = [];
    const service = demoService(factory, timers, events);
    await service.whenRestored();
    // A lap of the simulated circuit takes under 4 minutes.
    for (let i = 0; i < 250; i++) {
      tick(1000);
      await settle();
    }
    const liveLaps = lastLaps(events);
    expect(liveLaps).toHaveLength(1);
    const [session] = await service.listSessions();
    service.setPlayback(true);
    tick(200); // the event batch goes out
    expect(lastLaps(events)).toEqual([]); // nothing replayed yet: no laps
    service.startReplay({ kind: "session", sessionId: session!.id });
    const loaded = await until(
      service,
      (s) => s.playback.loading === null && s.playback.clock !== null,
    );
    tick(200);
    // The Laps tab gets the session's laps; the scrubber marks them.
    expect(lastLaps(events)?.map((lap) => lap.endMs)).toEqual(liveLaps!.map((lap) => lap.endMs));
    expect(loaded.playback.laps).toEqual([liveLaps![0]!.endMs / 1000]);
    // Strings replay as recorded, not blank.
    expect(loaded.changed["Title"]).toBe("Helios");
    expect(loaded.changed["Pi.Rfid"]).toBe(liveLaps![0]!.rfid);

    service.setPlayback(false);
    tick(200);
    expect(lastLaps(events)).toHaveLength(1); // live laps back
    service.stop();
  });
});
