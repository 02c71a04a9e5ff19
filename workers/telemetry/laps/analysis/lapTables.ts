// The lap tables a window asks for: the shown history's (live or its replay)
// and a recorded session's, cut with the window's sector lines. A session's
// rows are read as a replay reads them and kept for the next ask (the table
// of a session is asked again as its laps are compared), one session at a time.
import type { LapCoords, LapFetchResult } from "../../../contract/laps";
import type { LapTable, SectorLine } from "../../../contract/lapAnalysis";
import type { SessionReader } from "./lapSources";
import { replayCapacity } from "../../store/capacity";
import { TelemetryStore } from "../../store/TelemetryStore";
import type { ColumnLayout } from "../../pipeline/columnLayout";
import { buildLapTable } from "./lapTable";
import { checkSectorLines } from "./sectors";
import type { Lap } from "../../../contract/laps";

export interface ShownHistory {
  store: TelemetryStore;
  laps: LapFetchResult;
  finishLine: LapCoords | null;
  simulated: boolean;
}

interface LoadedSession {
  id: string;
  packets: number;
  store: TelemetryStore;
  laps: Lap[];
  simulated: boolean;
}

export class LapTables {
  private lines: SectorLine[] = [];
  private loaded: LoadedSession | null = null;

  get sectorLines(): readonly SectorLine[] {
    return this.lines;
  }

  setSectorLines(lines: unknown): { ok: true } | { ok: false; message: string } {
    const checked = checkSectorLines(lines);
    if (!checked.ok) return checked;
    this.lines = checked.lines;
    return { ok: true };
  }

  shown(history: ShownHistory): LapTable {
    return buildLapTable({
      ring: history.store.ring,
      laps: history.laps.laps,
      drivers: history.laps.drivers,
      finishLine: history.finishLine,
      origin: { kind: "shown" },
      simulated: history.simulated,
      sectorLines: this.lines,
    });
  }

  async session(
    sessions: SessionReader | null,
    id: string,
    drivers: Readonly<Record<string, string>>,
    finishLine: LapCoords | null,
    limit: number,
    /** The columns of the session's rows (the registry's layout, as the shown history's). */
    layout: ColumnLayout,
  ): Promise<LapTable | { ok: false; message: string }> {
    if (!sessions) return { ok: false, message: "No recorded sessions: storage is not available." };
    const info = await sessions.session(id);
    if (!info) return { ok: false, message: "That session is no longer stored." };
    let loaded = this.loaded;
    if (!loaded || loaded.id !== id || loaded.packets !== info.packets) {
      const chunks = await sessions.sessionRows(id, info.firstPacketTime, info.lastPacketTime);
      const rows = chunks.reduce((sum, c) => sum + c.count, 0);
      const store = new TelemetryStore({ capacity: replayCapacity(rows, limit), layout });
      // The stages run over the rows as a replay's do: the energy totals are computed.
      for (const c of chunks) store.appendRows(c);
      loaded = {
        id,
        packets: info.packets,
        store,
        laps: await sessions.sessionLaps(id),
        simulated: info.source === "DEMO",
      };
      this.loaded = loaded;
    }
    return buildLapTable({
      ring: loaded.store.ring,
      laps: loaded.laps,
      drivers,
      finishLine,
      origin: { kind: "session", sessionId: id },
      simulated: loaded.simulated,
      sectorLines: this.lines,
    });
  }
}
