import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { DuckDBInstance } from "@duckdb/node-api";
import { FEATURES, LAYOUT } from "../../workers/telemetry/features";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { SeasonExport } from "../../workers/telemetry/season/SeasonExport";
import { writeSeason } from "../../workers/telemetry/season/writeSeason";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { packet } from "./csv-helpers";
import { manualTimers } from "./manualTimers";
import { tempSink } from "./seasonKit";

const T0 = Date.UTC(2026, 10, 18, 15) / 1000;
const TABLES = FEATURES.flatMap((f) => (f.seasonTable ? [f.seasonTable] : []));
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((clean) => clean()));

describe("a season read from the app's own recordings", () => {
  it("every recorded row once, across parts and chunks read twice, the energy totals carried on", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers();
    const live = new TelemetryStore({ layout: LAYOUT, capacity: 2000 });
    const sessions = new Sessions({ factory, timers, notice: () => undefined });
    await sessions.start(
      live,
      { recording: true, budgetBytes: 0, backendUrl: () => "" },
      () => "DEMO",
    );
    for (let i = 0; i < 1234; i++) {
      const p = packet(i, (p) => {
        p.TimeStamp = T0 + i * 0.1;
        p.Battery.PackVoltage = 96 + (i % 37) * 0.5;
        p.Battery.PackCurrent = 8 + (i % 11);
      });
      live.ingest(p, "DEMO");
      tick(100); // the recorder flushes every second: a chunk of ~10 rows
    }
    await sessions.flush("DEMO");
    const [session] = await sessions.list();
    expect(session!.packets).toBe(1234);

    const sink = tempSink();
    cleanups.push(() => sink.dispose());
    // 100 rows a part: storage is read ~10 s at a time, so chunks on the edges come twice.
    const season = new SeasonExport(sessions, [session!], {
      layout: LAYOUT,
      tables: TABLES,
      zone: "UTC",
      partRows: 100,
    });
    await writeSeason(season, sink);
    expect(sink.files().filter((f) => f.startsWith("telemetry/"))).toHaveLength(13);

    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    cleanups.push(() => (connection.closeSync(), instance.closeSync()));
    const [row] = (
      await connection.runAndReadAll(
        `SELECT count(*)::INTEGER AS n, count(DISTINCT TimeStamp)::INTEGER AS times,
                arg_max("Energy.PackOutTotal", TimeStamp) AS pack_out_wh
         FROM read_parquet('${sink.dir}/telemetry/**/*.parquet', hive_partitioning = true)`,
      )
    ).getRowObjectsJS();
    expect(row).toMatchObject({ n: 1234, times: 1234 });
    // The app's own running total on its live history, at the same last row.
    const slot = LAYOUT.storedFieldSlot("Energy.PackOutTotal")!;
    const appWh = live.ring.numberAtSlot(live.ring.physical(live.ring.length - 1), slot.index);
    expect(appWh).toBeGreaterThan(0);
    expect(row!.pack_out_wh as number).toBeCloseTo(appWh, 6);
  });
});
