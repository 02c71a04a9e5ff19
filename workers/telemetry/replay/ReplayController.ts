// Playback: loads what to replay into the replay history, runs the playback
// clock and shows the packet at the clock. Recorded sessions longer than the
// replay window are read around the clock (a seek reads only the chunks it
// needs from IndexedDB); backend and local date ranges load whole.
// Each replay has its own laps: a session's recorded laps, the backend's laps
// inside a backend range, the recorded laps inside a local range (none for an
// import). The Laps tab, the map and the scrubber show those while it replays.
// Each replay has its own alerts too (alerts/ReplayAlerts.ts): those recorded
// with the sessions it replays, or the current rules evaluated over it.
import type { AlertRule } from "../../contract/alerts";
import type { SessionEvent } from "../../contract/events";
import type { Lap } from "../../contract/laps";
import type { PlaybackState, ReplayOrigin, ReplayRequest } from "../../contract/sessions";
import type { RowSlices } from "../../contract/storageProtocol";
import { defaultRules } from "../alerts/defaults";
import { evaluateRing, evaluateSession } from "../alerts/evaluateAlerts";
import { ReplayAlerts, type ReplayAlertsSource } from "../alerts/ReplayAlerts";
import { ALERT_EVENT_KINDS, STRATEGY_EVENT_KIND } from "../../shared/storage/eventKinds";
import type { StrategyRecord } from "../../contract/strategy";
import { recordsFromEvents } from "../strategy/strategyDesk";
import { fetchLaps } from "../laps/laps";
import { upperBound } from "../history/downsample";
import type { Sessions } from "../sessions/Sessions";
import type { TimerHandle, Timers } from "../sources/timers";
import { backendRangeRows } from "../store/capacity";
import type { Stage } from "../pipeline/Stage";
import type { TelemetryStore } from "../store/TelemetryStore";
import type { ViewSwitch } from "../service/viewSwitch";
import { fetchBackendSpan, walkPacketsBetween } from "./backendPlayback";
import { PlaybackClock } from "./PlaybackClock";
import { SecondOrder } from "./secondOrder";
import { ReplayHistory, type ReplayFill, type ReplayReserve } from "./ReplayHistory";

const TICK_MS = 100;
/** No row of a newly swapped-in history shown yet (-1 is "before its first row"). */
const NOTHING_SHOWN = -2;
/** A recorded session is read this far either side of the clock (seconds). */
export const DEFAULT_WINDOW_SECONDS = 600;
/**
 * A seek outside what is loaded first reads this far either side of the new
 * clock (a few dozen chunks: the packet at the clock is shown at once), then
 * the whole window in the background for the plots and the map.
 */
const SEEK_FIRST_SECONDS = 30;

export interface ReplayDeps {
  view: ViewSwitch;
  sessions: () => Sessions | null;
  timers: Timers;
  fetchImpl?: typeof fetch;
  backendUrl: () => string;
  /** The most rows a replay may hold: the live capacity (each load is sized to its rows). */
  capacity: number;
  /** The replay's laps changed (the Laps tab is told). */
  onLaps: () => void;
  /** The stages a replay runs: the core's registered ones (default: the built-in list). */
  stages?: readonly Stage[];
  /** The alert rules in force, for a replay's evaluated alerts (default: the team's defaults). */
  rules?: () => readonly AlertRule[];
  windowSeconds?: number;
}

interface SessionSpan {
  id: string;
  first: number;
  last: number;
  loadedFrom: number;
  loadedTo: number;
}

export class ReplayController {
  on = false;
  readonly clock: PlaybackClock;
  readonly history: ReplayHistory;
  /** The alerts of what is being replayed (never announced). */
  readonly alerts: ReplayAlerts;
  private shownIndex = -1;
  private timer: TimerHandle | null = null;
  private session: SessionSpan | null = null;
  private reloading: Promise<boolean> | null = null;
  private readonly windowSeconds: number;
  /** Laps of what is being replayed, oldest first (empty until known). */
  private replayLaps: Lap[] = [];
  /** The forecasts recorded with what is being replayed, oldest first (none for a backend range or an import). */
  private recordedForecasts: StrategyRecord[] = [];
  /** Bumped by each start: a slow read of an earlier replay's forecasts does not land. */
  private forecastsFor = 0;

  constructor(private readonly deps: ReplayDeps) {
    this.clock = new PlaybackClock(() => deps.timers.now());
    this.windowSeconds = deps.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
    this.alerts = new ReplayAlerts(deps.rules ?? defaultRules);
    this.history = new ReplayHistory(
      deps.capacity,
      (store) => {
        this.shownIndex = NOTHING_SHOWN;
        if (this.on) deps.view.show("replay", store);
        this.showClock();
        this.alerts.historySwapped();
      },
      deps.stages,
    );
  }

  /** Playback on: the empty replay history shows the default packet until a load lands. */
  begin(): void {
    if (this.on) return;
    this.on = true;
    this.history.reset();
    this.clock.clear();
    this.alerts.clear();
    // The Laps tab switches from the live list to the replay's (none yet).
    this.replayLaps = [];
    this.recordedForecasts = [];
    this.forecastsFor++;
    this.deps.onLaps();
    this.timer = this.deps.timers.setInterval(() => this.tick(), TICK_MS);
  }

  /** Playback off: back to live, nothing lost (live kept ingesting). */
  end(): void {
    if (!this.on) return;
    this.on = false;
    this.history.cancel();
    this.clock.clear();
    this.session = null;
    this.alerts.clear();
    this.recordedForecasts = [];
    this.forecastsFor++;
    if (this.timer !== null) this.deps.timers.clearInterval(this.timer);
    this.timer = null;
    this.deps.view.showLive();
    this.replayLaps = [];
    this.deps.onLaps(); // the live list again
  }

  cancel(): void {
    this.history.cancel();
  }

  /** Loads a session or a date range; resolves when it is shown (or failed / was cancelled). */
  async start(request: ReplayRequest): Promise<boolean> {
    this.begin();
    this.session = null;
    this.clock.setPlaying(false);
    this.setLaps([]);
    this.recordedForecasts = [];
    const forecastsFor = ++this.forecastsFor;
    if (request?.kind === "session") {
      void this.loadForecasts(forecastsFor, [request.sessionId]);
      return this.startSession(request.sessionId);
    }
    if (request?.kind !== "range" || !(request.to > request.from)) {
      this.history.error = "Choose a start before the end to replay a range.";
      return false;
    }
    const { from, to } = request;
    this.clock.setRange(from, to);
    if (request.source === "backend") {
      const url = this.deps.backendUrl();
      void this.backendLaps(url, from, to);
      void this.alerts.use(this.historyAlerts(null));
      return this.load({ kind: "backend", url, from, to }, (reserve, progress, signal) =>
        this.fillFromBackend(reserve, url, from, to, progress, signal),
      );
    }
    void this.alerts.use(this.historyAlerts(() => this.rangeEvents(from, to)));
    void this.rangeForecasts(forecastsFor, from, to);
    return this.load({ kind: "local-range", from, to }, async (reserve, progress) => {
      const sessions = this.deps.sessions();
      const list = (await sessions?.list()) ?? [];
      const overlapping = list.filter((s) => s.lastPacketTime >= from && s.firstPacketTime <= to);
      const laps: Lap[] = [];
      // Every session's rows are read first, so the store is sized to all of them.
      const chunks: RowSlices[] = [];
      let read = 0;
      for (const [i, s] of overlapping.entries()) {
        for (const rows of await sessions!.sessionRows(s.id, from, to)) {
          chunks.push(rows);
          read += rows.count;
        }
        laps.push(...(await sessions!.sessionLaps(s.id, from, to)));
        progress(read, (i + 1) / overlapping.length);
      }
      const store = reserve(read);
      for (const rows of chunks) store.appendRows(rows);
      this.setLaps(laps.sort((a, b) => a.endMs - b.endMs));
      if (overlapping.length === 0) throw new Error("No recorded session covers this range.");
    });
  }

  /** Any source of packets or columns (CSV import too) goes through here. */
  load(origin: ReplayOrigin, fill: ReplayFill, keepShown = false): Promise<boolean> {
    this.begin();
    return this.history.load(origin, fill, keepShown);
  }

  /**
   * A history filled elsewhere (a CSV import) replays like any other: paused,
   * its clock at the newest row so the panels show where the file ends.
   */
  adopt(origin: ReplayOrigin, store: TelemetryStore): void {
    this.begin();
    this.session = null;
    this.clock.setPlaying(false);
    this.setLaps([]);
    this.recordedForecasts = []; // nothing is recorded with a file
    this.forecastsFor++;
    this.history.adopt(origin, store);
    // Nothing was recorded with a file: its own alerts, evaluated (not announced).
    void this.alerts.use(this.historyAlerts(null));
    const ring = store.ring;
    if (ring.length > 0) {
      this.clock.setRange(ring.time(0), ring.time(ring.length - 1));
      this.clock.seek(ring.time(ring.length - 1));
      this.showClock();
    }
  }

  setPlaying(playing: boolean): void {
    this.clock.setPlaying(playing === true && this.on);
  }

  setSpeed(speed: number): void {
    this.clock.setSpeed(speed);
  }

  /** Moves the clock; resolves once the packet at the new clock is shown. */
  async seek(time: number): Promise<void> {
    if (!this.on) return;
    const at = this.clock.seek(time);
    if (at === null) return;
    const s = this.session;
    if (s && (at < s.loadedFrom || at > s.loadedTo)) {
      const ok = await this.loadSessionWindow(at, true, undefined, SEEK_FIRST_SECONDS);
      this.showClock();
      if (ok && this.session === s)
        void this.loadSessionWindow(at, true, undefined, undefined, true);
      return;
    }
    this.showClock();
  }

  /** Resolves when no window of the session is being read (benchmarks, tests). */
  async idle(): Promise<void> {
    while (this.reloading) await this.reloading;
  }

  step(direction: 1 | -1): void {
    const ring = this.history.store.ring;
    if (!this.on || ring.length === 0) return;
    this.clock.setPlaying(false);
    const next = Math.min(
      ring.length - 1,
      Math.max(0, this.shownIndex + (direction === -1 ? -1 : 1)),
    );
    void this.seek(ring.time(next));
  }

  state(): PlaybackState {
    const c = this.clock;
    const start = c.start;
    const end = c.end;
    return {
      on: this.on,
      view: this.deps.view.view,
      origin: this.history.origin,
      playing: c.playing,
      speed: c.speed,
      clock: c.position,
      start,
      end,
      loading: this.history.loading,
      rejected: this.history.rejected,
      error: this.history.error,
      laps:
        start === null || end === null
          ? []
          : this.replayLaps.map((lap) => lap.endMs / 1000).filter((t) => t >= start && t <= end),
    };
  }

  /** The forecasts recorded with what is being replayed, oldest first (the Strategy tab). */
  get forecasts(): readonly StrategyRecord[] {
    return this.recordedForecasts;
  }

  /** The recorded forecasts of the sessions a local range covers, made within it. */
  private async rangeForecasts(forecastsFor: number, from: number, to: number): Promise<void> {
    const list = (await this.deps.sessions()?.list()) ?? [];
    const ids = list.filter((s) => s.lastPacketTime >= from && s.firstPacketTime <= to);
    await this.loadForecasts(
      forecastsFor,
      ids.map((s) => s.id),
      from,
      to,
    );
  }

  /** Reads the forecasts recorded with `ids` (unreadable ones are left out: the rows replay all the same). */
  private async loadForecasts(
    forecastsFor: number,
    ids: string[],
    from?: number,
    to?: number,
  ): Promise<void> {
    const sessions = this.deps.sessions();
    const events: SessionEvent[] = [];
    for (const id of ids) {
      const query = { kinds: [STRATEGY_EVENT_KIND], ...(from === undefined ? {} : { from, to }) };
      const read = await sessions?.sessionEvents(id, query).catch(() => null);
      events.push(...(read?.events ?? []));
    }
    if (forecastsFor === this.forecastsFor) this.recordedForecasts = recordsFromEvents(events);
  }

  /** The laps of what is being replayed (the Laps tab shows these in playback). */
  get laps(): readonly Lap[] {
    return this.replayLaps;
  }

  private setLaps(laps: Lap[]): void {
    if (laps.length === 0 && this.replayLaps.length === 0) return;
    this.replayLaps = laps;
    this.deps.onLaps();
  }

  /**
   * Alerts of a replay loaded whole (a range, an import): `recorded` where
   * sessions recorded some, and the rules evaluated over the loaded history.
   */
  private historyAlerts(recorded: (() => Promise<SessionEvent[]>) | null): ReplayAlertsSource {
    return {
      recorded,
      evaluate: (rules, sink, signal) => evaluateRing(this.history.store.ring, rules, sink, signal),
      followsHistory: true,
    };
  }

  /**
   * The alerts recorded with the sessions a local range covers, starting or
   * ending within it, and every acknowledgement (one may come after the range,
   * and names its alerts).
   */
  private async rangeEvents(from: number, to: number): Promise<SessionEvent[]> {
    const sessions = this.deps.sessions();
    const list = (await sessions?.list()) ?? [];
    const events: SessionEvent[] = [];
    for (const s of list.filter((s) => s.lastPacketTime >= from && s.firstPacketTime <= to)) {
      const alerts = await sessions!.sessionEvents(s.id, { kinds: ["alert"], from, to });
      const acks = await sessions!.sessionEvents(s.id, { kinds: ["alertAck"] });
      events.push(...alerts.events, ...acks.events);
    }
    return events.sort((a, b) => a.time - b.time);
  }

  /** The backend's laps ending inside a backend range (none if the list fails). */
  private async backendLaps(url: string, from: number, to: number): Promise<void> {
    const result = await fetchLaps(url, this.deps.fetchImpl);
    const origin = this.history.origin;
    // Still this replay? (another one may have started while the list came.)
    if (!this.on || origin?.kind !== "backend" || origin.from !== from || origin.to !== to) return;
    this.setLaps(result.laps.filter((lap) => lap.endMs / 1000 >= from && lap.endMs / 1000 <= to));
  }

  private async startSession(id: string): Promise<boolean> {
    const info = await this.deps.sessions()?.session(id);
    if (!info) {
      this.history.error = "That session is no longer stored.";
      return false;
    }
    this.session = {
      id,
      first: info.firstPacketTime,
      last: info.lastPacketTime,
      loadedFrom: Infinity,
      loadedTo: -Infinity,
    };
    this.clock.setRange(info.firstPacketTime, info.lastPacketTime);
    const span = this.session;
    const sessions = this.deps.sessions();
    void this.alerts.use({
      recorded: async () =>
        (await sessions?.sessionEvents(id, { kinds: ALERT_EVENT_KINDS }))?.events ?? [],
      // The whole session, read a span at a time (not only the window loaded).
      evaluate: async (rules, sink, signal) => {
        const { firstPacketTime: first, lastPacketTime: last } = info;
        if (sessions) await evaluateSession(sessions, id, first, last, rules, sink, signal);
      },
      followsHistory: false,
    });
    const loading = this.loadSessionWindow(info.firstPacketTime, false, {
      kind: "session",
      sessionId: id,
      name: info.name,
      source: info.source,
    });
    // The session's laps, read while its first window loads.
    const laps = (await this.deps.sessions()?.sessionLaps(id)) ?? [];
    if (this.session === span) this.setLaps(laps);
    return loading;
  }

  /** `quiet`: a widening in the background (no progress bar). */
  private loadSessionWindow(
    center: number,
    keepShown: boolean,
    first?: ReplayOrigin,
    seconds = this.windowSeconds,
    quiet = false,
  ): Promise<boolean> {
    const s = this.session!;
    const from = Math.max(s.first, center - seconds);
    const to = Math.min(s.last, center + seconds);
    // Later windows of the same session keep the origin the first load named.
    const origin = first ?? this.history.origin!;
    const sessions = this.deps.sessions();
    const loading = this.history.load(
      origin,
      async (reserve, progress, signal) => {
        if (!sessions) throw new Error("No recorded sessions: storage is not available");
        const chunks = await sessions.sessionRows(s.id, from, to);
        // Superseded meanwhile (another seek): do not spend the thread on copying.
        if (signal.aborted) return;
        const store = reserve(chunks.reduce((sum, rows) => sum + rows.count, 0));
        for (const rows of chunks) store.appendRows(rows);
        progress(store.ring.length, 1);
      },
      keepShown,
      quiet,
    );
    this.reloading = loading;
    return loading.then((ok) => {
      if (this.reloading === loading) this.reloading = null;
      if (ok && this.session === s) {
        s.loadedFrom = from;
        s.loadedTo = to;
      }
      return ok;
    });
  }

  private async fillFromBackend(
    reserve: ReplayReserve,
    url: string,
    from: number,
    to: number,
    progress: (packets: number, fraction: number | null) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const span = await fetchBackendSpan(url, this.deps.fetchImpl, { signal });
    if (!span.ok) throw new Error(span.message);
    // The range's size is known only as it streams in: a store for the car's
    // rate over the range, moved to one twice as large whenever it fills (up
    // to the live capacity), so no row of the range is dropped.
    let store = reserve(backendRangeRows(from, to, this.deps.capacity));
    // Within a second the answer's order is arbitrary: SecondOrder restores it.
    const order = new SecondOrder((packets) => {
      for (const packet of packets) {
        if (store.ring.length === store.ring.capacity) store = reserve(store.ring.capacity * 2);
        store.ingest(packet, "REPLAY");
      }
    });
    await walkPacketsBetween({
      baseUrl: url,
      from,
      to,
      generation: span.generation,
      fetchImpl: this.deps.fetchImpl,
      signal,
      onPackets: (packets) => order.push(packets),
      onProgress: (fraction) => progress(store.ring.length, fraction),
    }).finally(() => order.flush());
    if (store.ring.length > 0) return;
    const { rejected, recentRejections } = store.counters();
    if (rejected === 0) throw new Error("The backend holds no packets in this range.");
    // Every packet failed: say so, rather than only counting them.
    throw new Error(
      `Nothing was replayed: none of the backend's ${rejected.toLocaleString("en-US")} ` +
        `packets in this range passed validation (${recentRejections.at(-1)?.reason ?? "?"}).`,
    );
  }

  private tick(): void {
    if (!this.on) return;
    const at = this.clock.tick();
    const s = this.session;
    // Read the next window of a long session before the clock runs out of it.
    if (at !== null && s && !this.reloading && at > s.loadedTo - 60 && s.loadedTo < s.last)
      void this.loadSessionWindow(at, true, undefined, undefined, true);
    this.showClock();
  }

  /**
   * Shows the newest replayed packet at or before the clock; before the first
   * one, the default packet and no position (a loaded history's latest values
   * are its last packet's, which is not where the clock is).
   */
  private showClock(): void {
    const at = this.clock.position;
    const store = this.history.store;
    if (at === null || store.ring.length === 0) return;
    const ring = store.ring;
    const index = upperBound(ring.length, (i) => ring.time(i), at) - 1;
    if (index === this.shownIndex) return;
    this.shownIndex = index;
    store.showReplayRow(index);
  }
}
