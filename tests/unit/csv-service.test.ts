import { afterEach, describe, expect, it } from "vitest";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { EVERYTHING, exportText, storeOf } from "./csv-helpers";

let service: TelemetryService | null = null;
afterEach(() => service?.stop());

function start(): TelemetryService {
  service = new TelemetryService({ demoSeed: 3 });
  service.start({ connectToBackend: false, demoRate: 1 }, () => undefined);
  return service;
}

describe("TelemetryService CSV", () => {
  it("an import replays as the viewed history (marked as imported), live goes on, Back to live returns", async () => {
    const s = start();
    const live = s.snapshot(0);
    expect(live.playback.view).toBe("live");

    const file = new Blob([exportText(storeOf(5))]);
    const report = await s.importCsv(file, "run-1.csv");
    expect(report).toMatchObject({ ok: true, rowsImported: 5 });

    const imported = s.snapshot(live.seq); // a consumer from before the switch gets everything
    expect(imported.playback).toMatchObject({
      on: true,
      view: "replay",
      origin: { kind: "import", name: "run-1.csv" },
    });
    expect(imported.changed["Pi.Rfid"]).toBe("TAG-4");
    expect(imported.counters.historyLength).toBe(5);
    expect(s.snapshot(imported.seq).changed).toEqual({}); // nothing new since

    const series = s.series({
      fields: ["Battery.PackVoltage"],
      from: null,
      to: null,
      points: 100,
      units: "metric",
    });
    expect(series.data[1]!.length).toBe(5);

    // Export in the imported view exports the imported history.
    const plan = s.startCsvExport(EVERYTHING);
    expect(plan).toMatchObject({ ok: true, rows: 5 });
    expect(plan.ok && plan.fileName).toMatch(/^helios-imported-/);
    let text = "";
    for (let chunk = s.nextCsvChunk(); chunk; chunk = chunk.done ? null : s.nextCsvChunk())
      text += await chunk.data.text();
    expect(text).toBe(exportText(storeOf(5)));

    s.setPlayback(false);
    const back = s.snapshot(imported.seq);
    expect(back.playback.view).toBe("live");
    expect(back.changed["Pi.Rfid"]).not.toBe("TAG-4");
    expect(Object.keys(back.changed).length).toBeGreaterThan(300);
  });

  it("a bad file leaves the live view as it was", async () => {
    const s = start();
    const report = await s.importCsv(new Blob(["not,a,telemetry,file\n1,2,3,4\n"]), "x.csv");
    expect(report.ok).toBe(false);
    expect(s.snapshot(0).playback.view).toBe("live");
    expect(s.csvProgress().kind).toBeNull();
  });
});
