// Where a compared lap's rows are. A key names its history:
// - "shown": what this window shows (live, its session replay, backend range
//   or imported CSV); its laps are cut from that history as the Laps tab cuts
//   them, and its rows are read where they are, nothing is copied.
// - "session": another recorded session (cross-session compare). Only the
//   lap's own span is read from storage (the lap's boundaries come from the
//   session's recorded lap events, or from finish-line crossings found in the
//   rows after the key's start), into a small store of its own. The last
//   CACHED_LAPS of these are kept, so changing the fields or the reference
//   reads nothing again; a recorded lap's rows never change, so they never
//   go stale (a deleted session is asked about again, see `find`).
import { energyBetween } from "./lapEnergy";
import type { Lap, LapCoords } from "../../../contract/laps";
import type { LapKey, LapSpan } from "../../../contract/lapAnalysis";
import type { SessionInfo } from "../../../contract/sessions";
import type { RecordedSessions } from "../../pipeline/Feature";
import type { ColumnRing } from "../../history/ColumnRing";
import { TelemetryStore } from "../../store/TelemetryStore";
import type { ColumnLayout } from "../../pipeline/columnLayout";
import { sameKey, type LapWithRows } from "./compareLaps";
import { cutLaps } from "./lapSpans";
import { formatTimeNamed } from "../../../shared/dateTime";

/** Sessions' laps kept loaded (a comparison holds at most 6). */
const CACHED_LAPS = 8;
/** Rows read around a lap, s: its boundaries' crossings are interpolated from the rows either side. */
const MARGIN_S = 2;
/** The longest lap looked for when a session's laps are cut at finish-line crossings, s. */
const MAX_LAP_S = 30 * 60;

export interface ShownHistory {
  ring: ColumnRing;
  laps: readonly Lap[];
  simulated: boolean;
}

/** What lap sources need of the recorded sessions (Sessions). */
export type SessionReader = RecordedSessions;

interface LapSourcesDeps {
  shown(): ShownHistory;
  sessions(): SessionReader | null;
  drivers(): Readonly<Record<string, string>>;
  finishLine(): LapCoords | null;
}

export class LapSources {
  private readonly cache = new Map<string, { store: TelemetryStore; span: LapSpan }>();

  constructor(private readonly deps: LapSourcesDeps) {}

  /** The columns of every history here: the shown one's (the registry's layout). */
  layout(): ColumnLayout {
    return this.deps.shown().ring.names;
  }

  /** The laps with their rows, in the keys' order, or why one cannot be found (its times in `zone`). */
  async find(keys: readonly LapKey[], zone = "UTC"): Promise<LapWithRows[] | string> {
    const clockOf = (epochS: number) => formatTimeNamed(epochS, true, zone);
    const found: LapWithRows[] = [];
    let shownSpans: LapSpan[] | null = null;
    for (const key of keys) {
      if (key.origin.kind === "shown") {
        const shown = this.deps.shown();
        shownSpans ??= cutLaps({
          ring: shown.ring,
          laps: shown.laps,
          drivers: this.deps.drivers(),
          finishLine: this.deps.finishLine(),
          origin: { kind: "shown" },
          simulated: shown.simulated,
        });
        const span = shownSpans.find((s) => sameKey(s.key, key));
        if (!span) return `The lap starting at ${clockOf(key.start)} is not in the shown history.`;
        found.push({
          span,
          ring: shown.ring,
          sessionName: null,
          energy: energyBetween(shown.ring, span.start, span.end),
        });
      } else {
        const lap = await this.sessionLap(key.origin.sessionId, key.start, clockOf);
        if (typeof lap === "string") return lap;
        found.push(lap);
      }
    }
    return found;
  }

  /**
   * A recorded session's laps from its lap events, without reading its rows
   * (the compare view's session picker; lap-sectors' sessionLapTable lists
   * them with energy and sectors once merged). Flags are found when a lap is
   * compared, from its rows; a session recorded without lap events lists none.
   */
  async listSession(sessionId: string): Promise<LapSpan[] | { ok: false; message: string }> {
    const sessions = this.deps.sessions();
    if (!sessions) return { ok: false, message: "No recorded sessions: storage is not available." };
    try {
      const info = await sessions.session(sessionId);
      if (!info) return { ok: false, message: "That session is no longer recorded (deleted?)." };
      const events = (await sessions.sessionLaps(sessionId)).sort((a, b) => a.endMs - b.endMs);
      const drivers = this.deps.drivers();
      return events
        .filter((lap) => Number.isFinite(lap.lapTime) && lap.lapTime > 0)
        .map((lap, i): LapSpan => {
          const end = lap.endMs / 1000;
          const start = end - lap.lapTime;
          return {
            key: { origin: { kind: "session", sessionId }, start },
            number: i + 1,
            start,
            end,
            lapTimeS: lap.lapTime,
            boundary: "event",
            rfid: lap.rfid,
            driver: drivers[lap.rfid] ?? lap.rfid,
            flags: [],
            flagReason: "",
            simulated: lap.simulated,
          };
        });
    } catch (error) {
      return { ok: false, message: `The session could not be read: ${messageOf(error)}` };
    }
  }

  /** One lap of a recorded session, from the cache or read from storage. */
  private async sessionLap(
    sessionId: string,
    start: number,
    clockOf: (epochS: number) => string,
  ): Promise<LapWithRows | string> {
    const sessions = this.deps.sessions();
    if (!sessions) return "No recorded sessions: storage is not available.";
    let info: SessionInfo | null;
    try {
      info = await sessions.session(sessionId);
    } catch (error) {
      return `The session could not be read: ${messageOf(error)}`;
    }
    if (!info) return "That session is no longer recorded (deleted?).";
    const cacheKey = `${sessionId}|${start.toFixed(3)}`;
    const cached = this.cache.get(cacheKey);
    if (cached) {
      this.cache.delete(cacheKey); // most recently used last
      this.cache.set(cacheKey, cached);
      return {
        span: cached.span,
        ring: cached.store.ring,
        sessionName: info.name,
        energy: energyBetween(cached.store.ring, cached.span.start, cached.span.end),
      };
    }
    try {
      const events = (await sessions.sessionLaps(sessionId)).sort((a, b) => a.endMs - b.endMs);
      const event = events.findIndex(
        (lap) => Math.abs(lap.endMs / 1000 - lap.lapTime - start) < 1e-3,
      );
      // Without a recorded lap event, the lap runs to the next crossing after its start.
      const to = event >= 0 ? events[event]!.endMs / 1000 : start + MAX_LAP_S;
      const store = await this.readRows(sessions, sessionId, start - MARGIN_S, to + MARGIN_S);
      const spans = cutLaps({
        ring: store.ring,
        laps: event >= 0 ? [events[event]!] : [],
        drivers: this.deps.drivers(),
        finishLine: event >= 0 ? null : this.deps.finishLine(),
        origin: { kind: "session", sessionId },
        simulated: info.source === "DEMO",
      });
      const cut = spans.find((s) => Math.abs(s.start - start) < 1e-3);
      if (!cut && store.ring.length === 0)
        return `The session "${info.name}" holds no rows from ${clockOf(start)}: its lap cannot be compared.`;
      if (!cut) return `No lap starts at ${clockOf(start)} in the session "${info.name}".`;
      // Numbered as the session's lap table numbers it (its lap events), not within the rows read.
      const span: LapSpan = { ...cut, number: event >= 0 ? event + 1 : cut.number };
      this.cache.set(cacheKey, { store, span });
      while (this.cache.size > CACHED_LAPS) this.cache.delete(this.cache.keys().next().value!);
      return {
        span,
        ring: store.ring,
        sessionName: info.name,
        energy: energyBetween(store.ring, span.start, span.end),
      };
    } catch (error) {
      return `The session "${info.name}" could not be read: ${messageOf(error)}`;
    }
  }

  private async readRows(
    sessions: SessionReader,
    id: string,
    from: number,
    to: number,
  ): Promise<TelemetryStore> {
    const chunks = await sessions.sessionRows(id, from, to);
    const count = chunks.reduce((sum, rows) => sum + rows.count, 0);
    const store = new TelemetryStore({ capacity: Math.max(1, count), layout: this.layout() });
    for (const rows of chunks) store.appendRows(rows);
    return store;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
