// What a window shows while a reload restores the day: the 1-second summary
// as the live view (plots, map, status), with the restore's progress in the
// snapshot; then the full rows, and the live packets that came meanwhile.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { SessionDb } from "../../workers/shared/storage/SessionDb";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { manualTimers } from "./manualTimers";
import { settle, until } from "./sessionsKit";

const config = { connectToBackend: false, demoRate: 10, historyCapacity: 5000 };

const voltage = (service: TelemetryService) =>
  service.series({
    fields: ["Battery.PackVoltage"],
    from: null,
    to: null,
    points: 5000,
    units: "metric",
  });

describe("a window during a restore", () => {
  it("shows the summary with the progress, then the full rows and the packets that came meanwhile", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers();
    const first = new TelemetryService({ timers, indexedDB: factory, storage: null, demoSeed: 5 });
    first.start(config, () => undefined);
    await first.whenRestored();
    for (let i = 0; i < 75; i++) {
      tick(1000);
      await settle();
    }
    const recorded = first.snapshot(0).counters.historyLength;
    first.stop(); // a reload
    await settle();

    // The rows are held up until the test lets them go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const second = new TelemetryService({
      timers,
      storage: null,
      demoSeed: 6,
      sessionStore: async (layout) => {
        const db = await SessionDb.open(factory, layout);
        const readSlice = db.readSlice.bind(db);
        db.readSlice = async (...args) => {
          await gate;
          return readSlice(...args);
        };
        return db;
      },
    });
    second.start(config, () => undefined);
    const during = await until(second, (s) => s.recording.restore?.phase === "full");
    const restore = during.recording.restore!;
    // About one row a second of the 75 s recorded, on screen at once.
    expect(restore.previewRows).toBeGreaterThanOrEqual(70);
    expect(restore.previewRows).toBeLessThanOrEqual(80);
    expect(restore.total).toBe(recorded);
    expect(restore.rows).toBe(0);
    // What a benchmark polls: the first picture is on screen, the end not yet.
    expect(restore.firstPictureMs).toEqual(expect.any(Number));
    expect(restore.doneMs).toBeNull();
    expect(during.counters.historyLength).toBe(restore.previewRows);
    const coarse = voltage(second);
    expect(coarse.data[0]!.length).toBe(restore.previewRows);
    const times = Array.from(coarse.data[0]!);
    for (let i = 1; i < times.length; i++) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThan(0.8); // one row a second, not ten
      expect(times[i]! - times[i - 1]!).toBeLessThan(1.2);
    }
    expect(during.changed["Battery.PackVoltage"]).toEqual(expect.any(Number));

    // The demo car drives on meanwhile: its packets wait for the day.
    for (let i = 0; i < 3; i++) {
      tick(1000);
      await settle();
    }
    release();
    await second.whenRestored();
    const after = await until(second, (s) => s.counters.historyLength > recorded);
    expect(after.recording.restore).toMatchObject({ phase: "done", rows: recorded });
    expect(after.recording.restore!.doneMs!).toBeGreaterThanOrEqual(restore.firstPictureMs!);
    expect(after.counters.historyLength).toBe(recorded + after.counters.accepted);
    expect(after.counters.accepted).toBeGreaterThanOrEqual(25);
    const full = voltage(second).data[0]!;
    expect(full.length).toBe(after.counters.historyLength);
    // Every row in packet-time order: the day first, then what came during the restore.
    for (let i = 1; i < full.length; i++) expect(full[i]!).toBeGreaterThanOrEqual(full[i - 1]!);
    second.stop();
  });
});
