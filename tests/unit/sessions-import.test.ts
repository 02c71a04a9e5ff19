// A CSV import is kept as a session of its own: listed with source IMPORT,
// and replayable (marked as imported) after a reload.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { SessionInfo } from "../../workers/contract/sessions";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { IMPORT_CHUNK_ROWS } from "../../workers/telemetry/sessions/Recorder";
import { exportText, storeOf } from "./csv-helpers";
import { manualTimers } from "./manualTimers";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function service(factory: IDBFactory, recording = true) {
  const { timers } = manualTimers();
  const s = new TelemetryService({ timers, indexedDB: factory, storage: null, demoSeed: 5 });
  s.start(
    { connectToBackend: false, demoRate: 10, historyCapacity: 5000, recording },
    () => undefined,
  );
  return s;
}

/** The import's session once `packets` of it are stored (its chunks are written one by one). */
async function imported(s: TelemetryService, packets = 1): Promise<SessionInfo | undefined> {
  for (let i = 0; i < 200; i++) {
    const found = (await s.listSessions()).find((x) => x.source === "IMPORT");
    if (found && found.packets >= packets && found.chunks > 1) return found;
    await settle();
  }
  return undefined;
}

describe("a CSV import kept as a session", () => {
  const rows = IMPORT_CHUNK_ROWS + 500; // more than one chunk

  it("is listed with its rows and replays after a reload, marked as imported", async () => {
    const factory = new IDBFactory();
    const first = service(factory);
    await first.whenRestored();
    const report = await first.importCsv(new Blob([exportText(storeOf(rows))]), "run-7.csv");
    expect(report).toMatchObject({ ok: true, rowsImported: rows });
    const saved = await imported(first, rows);
    expect(saved).toMatchObject({ name: "run-7.csv", source: "IMPORT", packets: rows });
    first.stop();

    const second = service(factory); // a reload
    await second.whenRestored();
    const listed = (await second.listSessions()).find((x) => x.id === saved!.id);
    // 625 s of rows: a chunk a minute at most (timeRuns, recordingSpans.ts).
    expect(listed).toMatchObject({ packets: rows, chunks: saved!.chunks });
    expect(saved!.chunks).toBe(11);
    second.startReplay({ kind: "session", sessionId: saved!.id });
    let snap = second.snapshot(0);
    for (let i = 0; i < 200 && snap.changed["Pi.Rfid"] !== `TAG-${rows - 1}`; i++) {
      await settle();
      await second.seek(saved!.lastPacketTime);
      snap = second.snapshot(0);
    }
    expect(snap.playback.origin).toMatchObject({ kind: "session", source: "IMPORT" });
    expect(snap.changed["Pi.Rfid"]).toBe(`TAG-${rows - 1}`);
    second.stop();
  });

  it("is not kept while recording is switched off", async () => {
    const factory = new IDBFactory();
    const s = service(factory, false);
    await s.whenRestored();
    await s.importCsv(new Blob([exportText(storeOf(5))]), "off.csv");
    await settle();
    expect((await s.listSessions()).filter((x) => x.source === "IMPORT")).toEqual([]);
    s.stop();
  });
});
