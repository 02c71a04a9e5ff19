// The lap tables a window asks for: the shown history's with the window's
// sector lines, and a recorded session's, its rows read as a replay reads
// them (no energy totals in the recorded rows: computed again), giving the
// same figures as the history they were recorded from.
import { describe, expect, it } from "vitest";
import type { SessionInfo } from "../../workers/contract/sessions";
import type { LapTable } from "../../workers/contract/lapAnalysis";
import { LapTables } from "../../workers/telemetry/laps/analysis/lapTables";
import { circlePoint, driveCircuit } from "./lapCircuit";
import { LAYOUT } from "../../workers/telemetry/features";

const powered = driveCircuit({
  lengthM: 1000,
  laps: 3,
  decorate: (p) => {
    p.Battery.PackVoltage = 120;
    p.Battery.PackCurrent = 15;
  },
});

describe("lap tables", () => {
  it("a recorded session's table equals the live history's it was recorded from", async () => {
    const tables = new LapTables();
    expect(tables.setSectorLines([{ name: "Half", ...circlePoint(1000, 0.5) }])).toEqual({
      ok: true,
    });
    const live = tables.shown({
      store: powered.store,
      laps: { laps: powered.events, drivers: {}, message: "", error: false },
      finishLine: null,
      simulated: false,
    });
    const ring = powered.store.ring;
    let reads = 0;
    const reader = {
      session: async (id: string) =>
        id === "s1"
          ? ({
              id,
              source: "NETWORK",
              packets: ring.length,
              firstPacketTime: ring.time(0),
              lastPacketTime: ring.time(ring.length - 1),
            } as SessionInfo)
          : null,
      sessionLaps: async () => powered.events,
      sessionRows: async () => {
        reads++;
        return [ring.exportRows(0, ring.length)];
      },
    };
    const recorded = (await tables.session(reader, "s1", {}, null, 1 << 20, LAYOUT)) as LapTable;
    expect(recorded.rows).toHaveLength(3);
    expect(recorded.rows[1]!.span.key.origin).toEqual({ kind: "session", sessionId: "s1" });
    recorded.rows.forEach((row, i) => {
      expect(row.energy!.packOutWh).toBeCloseTo(live.rows[i]!.energy!.packOutWh, 9);
      expect(row.sectorS).toEqual(live.rows[i]!.sectorS);
    });
    expect(recorded.rows[1]!.energy!.packOutWh).toBeGreaterThan(5);
    // Asked again: the rows already read are used.
    await tables.session(reader, "s1", {}, null, 1 << 20, LAYOUT);
    expect(reads).toBe(1);
    expect(await tables.session(reader, "gone", {}, null, 1 << 20, LAYOUT)).toEqual({
      ok: false,
      message: "That session is no longer stored.",
    });
  });

  it("refuses bad sector lines and keeps the ones it had", () => {
    const tables = new LapTables();
    tables.setSectorLines([{ name: "A", lat: 36.9, long: -86.4 }]);
    expect(tables.setSectorLines("lines")).toEqual({
      ok: false,
      message: "Sector lines must be a list.",
    });
    expect(tables.sectorLines).toEqual([{ name: "A", lat: 36.9, long: -86.4 }]);
  });
});
