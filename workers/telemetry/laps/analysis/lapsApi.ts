// The lap analysis calls of one window (LapAnalysisApi, and the lap spans of
// a recorded session): the lap tables of the history it shows and of recorded
// sessions, and comparisons of laps against distance, each cut with the
// core's sector lines and finish line.
import type { LapAnalysisApi, LapSpan } from "../../../contract/lapAnalysis";
import type { WindowAccess } from "../../pipeline/Feature";
import { compareCsvText, compareFileName } from "./compareCsv";
import { LapSources } from "./lapSources";
import { LapTables } from "./lapTables";
import { runCompare } from "./runCompare";
import type { SectorDesk } from "./sectorDesk";

interface LapsApi extends LapAnalysisApi {
  /** A recorded session's laps as spans (cross-session compare picks them). */
  sessionLapSpans(sessionId: string): Promise<LapSpan[] | { ok: false; message: string }>;
}

export function lapsApi(sectors: SectorDesk, window: WindowAccess): LapsApi {
  const tables = new LapTables();
  let linesVersion = -1;
  /** The window's tables, cut with the sector lines in force. */
  const cutTables = (): LapTables => {
    if (linesVersion !== sectors.version) tables.setSectorLines(sectors.lines);
    linesVersion = sectors.version;
    return tables;
  };
  const sources = new LapSources({
    shown: () => ({
      ring: window.view().store.ring,
      laps: window.shownLaps().laps,
      simulated: window.showsSimulated(),
    }),
    sessions: () => window.sessions(),
    drivers: () => window.drivers(),
    // The finish line cuts laps of histories without lap events.
    finishLine: () => window.finishLine(),
  });
  return {
    lapTable: async () =>
      cutTables().shown({
        store: window.view().store,
        laps: window.shownLaps(),
        finishLine: window.finishLine(),
        simulated: window.showsSimulated(),
      }),
    sessionLapTable: (sessionId) =>
      cutTables().session(
        window.sessions(),
        sessionId,
        window.drivers(),
        window.finishLine(),
        window.capacity(),
        window.view().store.layout,
      ),
    setSectorLines: async (lines) =>
      window.changeSetting(
        () => sectors.lines,
        () => sectors.set(lines),
      ),
    compareLaps: (request) => runCompare(sources, request),
    compareCsv: async (request) => {
      const result = await runCompare(sources, request);
      if (!result.ok) return result;
      return { ok: true, fileName: compareFileName(result), text: compareCsvText(result) };
    },
    sessionLapSpans: (sessionId) => sources.listSession(sessionId),
  };
}
