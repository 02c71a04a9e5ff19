// Everything about laps that the core shares between windows: the live lap
// table (the backend's GET /laps and drivers, live `lapData`, the laps
// recorded with the session after a reload), which lap events count, and the
// finish line. Lap events count from the live source in NETWORK (the backend)
// and in DEMO (the simulated car, so the demo shows laps), also while windows
// replay: live goes on underneath and "Back to live" loses nothing (issue 32;
// only the lap toasts stay quiet during playback, TelemetryCore sees to that).
// Each window turns "the live table changed" into the table it shows.
import type { LapEvent } from "../../contract/events";
import type { ConnectionType } from "../../contract/fields";
import type {
  BackendGeneration,
  LapCoords,
  LapCoordsAnswer,
  LapCoordsRequest,
  LapFetchResult,
  Lap,
} from "../../contract/laps";
import { SECOND_GENERATION } from "../schema/generations";
import type { BackendInfo } from "../service/backendInfo";
import { cleanRequest, failed, interpretReply, localAnswer } from "../service/finishLine";
import { checkLapCoords } from "../service/lapCoords";
import type { Sessions } from "../sessions/Sessions";
import type { SourceSwitch } from "../sources/SourceSwitch";
import { LapBook } from "./LapBook";
import { checkLap, fetchDrivers, fetchLaps } from "./laps";

interface LapDeskDeps {
  fetchImpl?: typeof fetch;
  backendUrl(): string;
  backend: BackendInfo;
  sources(): SourceSwitch;
  sessions(): Sessions | null;
  /** Counts a received event that failed its check (Diagnostics lists its reason). */
  reject(source: ConnectionType, reason: string): void;
  /** The live lap table changed. */
  lapsChanged(): void;
  /** The finish line moved (every window shows it). */
  lineMoved(coords: LapCoords): void;
}

export class LapDesk {
  private readonly book = new LapBook();
  private settledType: ConnectionType | null = null;

  constructor(private readonly deps: LapDeskDeps) {}

  /** The live lap table. */
  live(): LapFetchResult {
    return this.book.result();
  }

  /** Does a lap event from `source` count now? (Replays elsewhere do not matter.) */
  counts(source: ConnectionType): boolean {
    const type = this.deps.sources().type;
    return source === type && (type === "NETWORK" || type === "DEMO");
  }

  /**
   * The laps recorded with the session whose packets were read back into live
   * history (a reload): the table goes on where it was. The simulated car's
   * stay out of a table that shows a real source.
   */
  restore(laps: readonly Lap[]): void {
    const demo = this.deps.sources().type === "DEMO";
    if (this.book.merge(demo ? laps : laps.filter((lap) => !lap.simulated)))
      this.deps.lapsChanged();
  }

  /**
   * GET {api}/laps and /drivers again: the backend's list replaces ours (a
   * failure keeps it). In DEMO the laps are the simulated car's: nothing is
   * fetched (a backend that is not there would only report an error).
   */
  async refresh(): Promise<void> {
    if (this.deps.sources().type === "DEMO") {
      this.book.fromDemo();
      return this.deps.lapsChanged();
    }
    const url = this.deps.backendUrl();
    const [result, drivers] = await Promise.all([
      fetchLaps(url, this.deps.fetchImpl),
      fetchDrivers(url, this.deps.fetchImpl),
    ]);
    this.book.applyFetch(result);
    this.book.setDrivers(drivers);
    void this.deps.sessions()?.recordLaps(result.laps);
    if (result.generation)
      this.deps.backend.noteGeneration(result.generation, "GET /laps", shape(result.generation));
    this.deps.lapsChanged();
  }

  /** A `lapData` payload from the backend or the simulated car. */
  lapData(raw: unknown, source: ConnectionType): void {
    if (!this.counts(source)) return;
    const checked = checkLap(raw);
    if (!checked.ok) return this.deps.reject(source, checked.reason);
    const parsed = checked.parsed;
    if (source === "NETWORK")
      this.deps.backend.noteGeneration(parsed.generation, "lapData", shape(parsed.generation));
    const lap = { ...parsed.lap, simulated: source === "DEMO" };
    this.book.add(lap);
    // Held until the recorder's next flush and stored with the session that
    // flush writes to (also while it still opens the database after a reload).
    const event: LapEvent = { kind: "lap", time: lap.endMs / 1000, lap };
    this.deps.sessions()?.recordEvents([event]);
    this.deps.lapsChanged();
  }

  /** A `lapCoords` payload (a broadcast); the backend's error object is ignored uncounted. */
  lapCoords(raw: unknown, source: ConnectionType): void {
    const checked = checkLapCoords(raw);
    if (checked.ok) this.accept(checked.coords);
    else if (checked.reason !== null) this.deps.reject(source, checked.reason);
  }

  /**
   * The type in force (said often: after every link report). The simulated
   * car's laps never stay in a table that shows the real car; DEMO says where
   * its laps come from; a backend that takes over lists its laps.
   */
  sourceIs(type: ConnectionType): void {
    const previous = this.settledType;
    this.settledType = type;
    const changed = type === "DEMO" ? this.book.fromDemo() : this.book.dropSimulated();
    if (changed) this.deps.lapsChanged();
    // At start the core fetches once itself; this is for a switch later on.
    if (type === "NETWORK" && previous !== null && previous !== "NETWORK") void this.refresh();
  }

  /** Move the finish line: DEMO moves the simulated car's; NETWORK asks the backend. */
  async setLapCoords(request: LapCoordsRequest): Promise<LapCoordsAnswer> {
    const clean = cleanRequest(request);
    const sources = this.deps.sources();
    if (sources.type === "DEMO") {
      const answer = localAnswer(clean);
      if (answer.ok) this.accept(answer.coords);
      return answer;
    }
    if (sources.type !== "NETWORK" || !sources.network.connected)
      return failed("Not connected to the backend: the finish line cannot be moved now.");
    const { answer, generation } = interpretReply(await sources.network.sendLapCoords(clean));
    const how = generation === SECOND_GENERATION ? "acknowledged" : "answered by broadcast only";
    this.deps.backend.noteGeneration(generation, "setLapCoords", how);
    if (answer.ok) this.accept(answer.coords);
    return answer;
  }

  /** The finish line moved: the UI shows it and the simulated car laps at it. */
  private accept(coords: LapCoords): void {
    this.deps.sources().demo.setFinishLine(coords.lat, coords.long);
    this.deps.lineMoved(coords);
  }
}

const shape = (generation: BackendGeneration) =>
  generation === SECOND_GENERATION ? "flat lap records" : "nested lap records";
