// Playback: loads what to replay into the replay history, runs the playback
// clock and shows the packet at the clock. Recorded sessions longer than the
// replay window are read around the clock (sessionWindow.ts); backend and
// local date ranges load whole (backendRange.ts, localRange.ts).
// Each replay has its own laps (replayLaps.ts), the session events the
// features read in a replay (replayEvents.ts: the recorded forecasts) and
// each registered feature's replay part (Feature.replayPart: the alerts' own
// log), told what is loaded and when its history is swapped (replayParts.ts).
import type { Lap } from "../../contract/laps";
import type { PlaybackState, ReplayOrigin, ReplayRequest } from "../../contract/sessions";
import type { SessionEvent } from "../../contract/events";
import type { Feature, LivePart, ReplayPart } from "../pipeline/Feature";
import { DeclaredEvents } from "../pipeline/declaredEvents";
import { upperBound } from "../history/downsample";
import type { Sessions } from "../sessions/Sessions";
import type { TimerHandle, Timers } from "../sources/timers";
import type { ColumnLayout } from "../pipeline/columnLayout";
import type { TelemetryStore } from "../store/TelemetryStore";
import type { ViewSwitch } from "../service/viewSwitch";
import { backendRangeFill } from "./backendRange";
import { localRangeFill } from "./localRange";
import { PlaybackClock } from "./PlaybackClock";
import { ReplayEvents } from "./replayEvents";
import { ReplayParts } from "./replayParts";
import { ReplayHistory, type ReplayFill } from "./ReplayHistory";
import { ReplayLaps } from "./replayLaps";
import { DEFAULT_WINDOW_SECONDS, SessionWindow } from "./sessionWindow";

const TICK_MS = 100;
/** No row of a newly swapped-in history shown yet (-1 is "before its first row"). */
const NOTHING_SHOWN = -2;

interface ReplayDeps {
  view: ViewSwitch;
  sessions: () => Sessions | null;
  timers: Timers;
  fetchImpl?: typeof fetch;
  backendUrl: () => string;
  /** The most rows a replay may hold: the live capacity (each load is sized to its rows). */
  capacity: number;
  /** The replay's laps changed (the Laps tab is told). */
  onLaps: () => void;
  /** A replay's columns, whose stages it runs: the core's (its registered features'). */
  layout: ColumnLayout;
  /** The session event kinds the features read in a replay (Feature.replays). */
  replayKinds?: readonly string[];
  /** The registered features with their live parts: each may keep a part per replay. */
  features?: readonly (readonly [Feature, LivePart])[];
  windowSeconds?: number;
}

export class ReplayController {
  on = false;
  readonly clock: PlaybackClock;
  readonly history: ReplayHistory;
  /** The features' parts in this replay (Feature.replayPart). */
  private readonly parts: ReplayParts;
  private shownIndex = -1;
  private timer: TimerHandle | null = null;
  /** The recorded session being replayed, read around the clock. */
  private readonly window: SessionWindow;
  private readonly replayLaps: ReplayLaps;
  private readonly recordedEvents: ReplayEvents;

  constructor(private readonly deps: ReplayDeps) {
    this.clock = new PlaybackClock(() => deps.timers.now());
    const sessions = (): Sessions | null => deps.sessions();
    // What the features read of the recorded events is checked with their schemas.
    const declared = new DeclaredEvents((deps.features ?? []).map(([feature]) => feature));
    // Before the history: its first swap tells the parts.
    this.parts = new ReplayParts(deps.features ?? [], {
      store: () => this.history.store,
      sessions: () => {
        const current = sessions();
        return current && declared.sessions(current);
      },
    });
    this.history = new ReplayHistory(
      deps.capacity,
      (store) => {
        this.shownIndex = NOTHING_SHOWN;
        if (this.on) deps.view.show("replay", store);
        this.showClock();
        this.parts.each((part) => part.historySwapped?.());
      },
      deps.layout,
    );
    this.window = new SessionWindow(
      this.history,
      sessions,
      deps.windowSeconds ?? DEFAULT_WINDOW_SECONDS,
    );
    this.replayLaps = new ReplayLaps(() => deps.onLaps());
    this.recordedEvents = new ReplayEvents(sessions, deps.replayKinds ?? [], declared);
  }

  /** Playback on: the empty replay history shows the default packet until a load lands. */
  begin(): void {
    if (this.on) return;
    this.on = true;
    this.history.reset();
    this.clock.clear();
    this.parts.each((part) => part.clear?.());
    this.recordedEvents.clear();
    // The Laps tab switches from the live list to the replay's (none yet).
    this.replayLaps.reset();
    this.timer = this.deps.timers.setInterval(() => this.tick(), TICK_MS);
  }

  /** Playback off: back to live, nothing lost (live kept ingesting). */
  end(): void {
    if (!this.on) return;
    this.on = false;
    this.history.cancel();
    this.clock.clear();
    this.window.span = null;
    this.parts.each((part) => part.clear?.());
    this.recordedEvents.clear();
    if (this.timer !== null) this.deps.timers.clearInterval(this.timer);
    this.timer = null;
    this.deps.view.showLive();
    this.replayLaps.reset(); // the live list again
  }

  cancel(): void {
    this.history.cancel();
  }

  /** The window is done with its replay: playback off, and each feature's part disposed. */
  dispose(): void {
    this.end();
    this.parts.each((part) => part.dispose?.());
  }

  /** `feature`'s part in this replay, as it declared it; null if it keeps none. */
  partOf(feature: Feature): ReplayPart | null {
    return this.parts.of(feature);
  }

  /** Loads a session or a date range; resolves when it is shown (or failed / was cancelled). */
  async start(request: ReplayRequest): Promise<boolean> {
    this.begin();
    this.window.span = null;
    this.clock.setPlaying(false);
    this.replayLaps.set([]);
    const readFor = this.recordedEvents.clear();
    if (request?.kind === "session") {
      void this.recordedEvents.forSessions(readFor, [request.sessionId]);
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
      void this.replayLaps.fromBackend(url, from, to, this.deps.fetchImpl, () => {
        const origin = this.history.origin;
        return this.on && origin?.kind === "backend" && origin.from === from && origin.to === to;
      });
      this.parts.each((part) => part.load?.({ kind: "backend", from, to }));
      return this.load(
        { kind: "backend", url, from, to },
        backendRangeFill(url, from, to, this.deps.capacity, this.deps.fetchImpl),
      );
    }
    this.parts.each((part) => part.load?.({ kind: "local-range", from, to }));
    void this.recordedEvents.forRange(readFor, from, to);
    return this.load(
      { kind: "local-range", from, to },
      localRangeFill(
        () => this.deps.sessions(),
        from,
        to,
        (laps) => this.replayLaps.set(laps),
      ),
    );
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
    this.window.span = null;
    this.clock.setPlaying(false);
    this.replayLaps.set([]);
    this.recordedEvents.clear(); // nothing is recorded with a file
    this.history.adopt(origin, store);
    // Nothing was recorded with a file: what the features compute of it, they compute.
    this.parts.each((part) => part.load?.({ kind: "import" }));
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
    if (this.window.outside(at)) {
      await this.window.seek(at, () => this.showClock());
      return;
    }
    this.showClock();
  }

  /** Resolves when no window of the session is being read (benchmarks, tests). */
  idle(): Promise<void> {
    return this.window.idle();
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
    return {
      on: this.on,
      view: this.deps.view.view,
      origin: this.history.origin,
      playing: c.playing,
      speed: c.speed,
      clock: c.position,
      start: c.start,
      end: c.end,
      loading: this.history.loading,
      rejected: this.history.rejected,
      error: this.history.error,
      laps: this.replayLaps.ends(c.start, c.end),
    };
  }

  /** The session events the features read in a replay (Feature.replays), recorded with what it shows, oldest first. */
  get recorded(): readonly SessionEvent[] {
    return this.recordedEvents.events;
  }

  /** The laps of what is being replayed (the Laps tab shows these in playback). */
  get laps(): readonly Lap[] {
    return this.replayLaps.list;
  }

  private async startSession(id: string): Promise<boolean> {
    const info = await this.deps.sessions()?.session(id);
    if (!info) {
      this.history.error = "That session is no longer stored.";
      return false;
    }
    const span = this.window.open(id, info.firstPacketTime, info.lastPacketTime);
    this.clock.setRange(info.firstPacketTime, info.lastPacketTime);
    this.parts.each((part) => part.load?.({ kind: "session", id, info }));
    const loading = this.window.load(info.firstPacketTime, false, {
      kind: "session",
      sessionId: id,
      name: info.name,
      source: info.source,
    });
    // The session's laps, read while its first window loads.
    const laps = (await this.deps.sessions()?.sessionLaps(id)) ?? [];
    if (this.window.span === span) this.replayLaps.set(laps);
    return loading;
  }

  private tick(): void {
    if (!this.on) return;
    const at = this.clock.tick();
    if (at !== null) this.window.readAhead(at);
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
