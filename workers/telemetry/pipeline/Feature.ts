// What an analysis declares to plug in (docs/architecture.md, "Adding an
// analysis"): its stages, the stage events they emit and the session events a
// restore hands back, its shared setting and whether it has a panel, and its
// live part, the one object per core that holds what it keeps beside the
// histories (settings, logs, records). The core composes what is registered
// (workers/telemetry/features.ts) and names no feature: it calls these hooks.
import type { ZodType } from "zod";
import type { ConnectionState } from "../../contract/connection";
import type { EventQuery, EventsRead, SessionEvent } from "../../contract/events";
import type { FeatureId } from "../../contract/features";
import type { FieldInfo } from "../../contract/fields";
import type { Lap, LapCoords, LapFetchResult, RaceInfo } from "../../contract/laps";
import type { SeriesRequest, SeriesResult } from "../../contract/series";
import type { SessionInfo } from "../../contract/sessions";
import type { TrackResult } from "../../contract/track";
import type { RowSlices } from "../../contract/storageProtocol";
import type { WorkerEvent } from "../../contract/telemetryApi";
import type { SharedSettingKind, SharedSettings } from "../../contract/windows";
import type { TelemetryStore } from "../store/TelemetryStore";
import type { Board } from "./board";
import type { ColumnLayout } from "./columnLayout";
import type { Stage, StageEvent } from "./Stage";

/** A window of the core, as a feature may speak to it. */
export interface FeatureWindow {
  /** It shows the live history (not its own replay). */
  readonly showsLive: boolean;
  send(event: WorkerEvent): void;
}

/** What the core gives a feature's live part. */
export interface LiveContext {
  /** The columns of every history of this core (its features' stages'). */
  readonly layout: ColumnLayout;
  /** The wall clock, ms. */
  now(): number;
  /** What the core's features offer one another (pipeline/board.ts): one board per core. */
  readonly board: Board;
  /**
   * Records an event with the live session (kept until the recorder's next
   * flush; `atOnce`: written now, for what a user just did, which a reload
   * right after must not lose).
   */
  record(event: SessionEvent, atOnce?: boolean): void;
  /** The windows, in the order they joined. */
  windows(): Iterable<FeatureWindow>;
  /** Fields (by name) some feature keeps watching (LivePart.watches), for the others. */
  watchedFields(): ReadonlySet<string>;
  /** Runs `run` once after `ms` on the core's timers; the answer cancels it. */
  later(run: () => void, ms: number): () => void;
  /**
   * Rows done and to do over the histories this feature computes again now
   * (Feature.onSettingChange "recompute": the jobs its settingApplied answered);
   * null when none runs.
   */
  recomputing(): { done: number; total: number } | null;
}

/**
 * What a change of a feature's shared setting does to the histories already
 * stored (Feature.onSettingChange). Either way the core hands the new setting
 * to every history the same way (LivePart.settingApplied) and to each window's
 * replay part (ReplayPart.settingChanged).
 * - "recompute": each is computed again, with progress (the math channels);
 * - "fromNow": what each stored stays; the setting applies from now on (the
 *   strategy, the alerts).
 */
export type SettingPolicy = "recompute" | "fromNow";

/** One history computed again after a setting change (LivePart.settingApplied, "recompute"). */
export interface RecomputeJob {
  /** Rows done and to do now; null once it is over (done, or replaced by a newer one). */
  progress(): { done: number; total: number } | null;
  /** Settles once it is over. */
  readonly finished: Promise<unknown>;
}

/** A feature's part in one core: each hook is optional, and called on every registered part. */
export interface LivePart {
  /** A new live history (a start, a switch away from the demo car). */
  attach?(store: TelemetryStore): void;
  /** A stage event of the live history, of a kind in Feature.emits. */
  sink?(event: StageEvent): void;
  /** After a reload: the restored session's events of the kinds in Feature.restores. */
  restore?(events: readonly SessionEvent[]): void;
  /** What every recorded session begins with, dated `time` (packet time). */
  startEvents?(time: number): SessionEvent[];
  /** The live source is (or is no longer) the simulated car. */
  sourceIs?(simulated: boolean): void;
  /** The backend's raceInfo, with the newest packet time when it came. */
  raceInfo?(info: RaceInfo, newestPacketTime: number | null): void;
  /** After each live packet is stored. */
  afterPacket?(): void;
  /** The links as of now, checked every second and at each change. */
  links?(state: ConnectionState, nowMs: number): void;
  /** Whether this feature speaks for a core notification instead (one toast, not two). */
  claims?(notification: "carDisconnect"): boolean;
  /** Fields (by name) this feature keeps watching (LiveContext.watchedFields). */
  watches?(): ReadonlySet<string>;
  /** The core stops: nothing of the part's may run after it. */
  stop?(): void;
  /** Its part of the core's plain shared settings (TelemetryApi.sharedSettings). */
  sharedSettings?(): Partial<SharedSettings>;
  /**
   * Its shared setting was set (Feature.setting): `store`, one history alive
   * (the live one, a restore's preview, each window's replay or import),
   * takes it as Feature.onSettingChange declares. The core calls it for each
   * one, the same way for every feature; a "recompute" feature answers the
   * job, whose progress the core keeps (LiveContext.recomputing).
   */
  settingApplied?(store: TelemetryStore): RecomputeJob | void;
}

/** What a feature reads of the recorded sessions (sessions/Sessions.ts has it). */
export interface RecordedSessions {
  session(id: string): Promise<SessionInfo | null>;
  sessionLaps(id: string, from?: number, to?: number): Promise<Lap[]>;
  sessionRows(id: string, from: number, to: number): Promise<RowSlices[]>;
}

/** What a season export reads of the recorded sessions (season/SeasonExport.ts). */
export interface SeasonSessions extends RecordedSessions {
  sessionEvents(id: string, query?: EventQuery): Promise<EventsRead>;
}

/**
 * A table a feature writes beside a season's telemetry (season/SeasonExport.ts):
 * one Parquet file per session, under `<name>/date=…/session=…/`.
 */
export interface SeasonTable {
  /** Its folder in the dataset ("laps", "notes"): a path segment. */
  readonly name: string;
  /** The session's rows of the table as Parquet; null: none for this session. */
  write(sessions: SeasonSessions, session: SessionInfo): Promise<Uint8Array | null>;
}

/** What a feature's replay part reads of the recorded sessions (sessions/Sessions.ts has it). */
export interface ReplaySessions extends RecordedSessions {
  list(): Promise<SessionInfo[]>;
  sessionEvents(id: string, query?: EventQuery): Promise<EventsRead>;
  /** Records events with a recorded session (what a user did during its replay: a note). */
  appendSessionEvents(id: string, events: readonly SessionEvent[]): Promise<void>;
}

/** What a replay loads, as its features' replay parts are told (ReplayPart.load). */
export type ReplayLoad =
  | { readonly kind: "session"; readonly id: string; readonly info: SessionInfo }
  | { readonly kind: "local-range"; readonly from: number; readonly to: number }
  | { readonly kind: "backend"; readonly from: number; readonly to: number }
  | { readonly kind: "import" };

/** What a feature's replay part is given of the replay it belongs to. */
export interface ReplayContext {
  /** The replay history's store now (a load, or a seek's read around the clock, swaps in another). */
  store(): TelemetryStore;
  /** The recorded sessions; null without storage. */
  sessions(): ReplaySessions | null;
}

/**
 * A feature's part in one window's replay (Feature.replayPart): made with the
 * window's replay, told what it loads, and disposed with it. The replay
 * controller calls these hooks and names no feature; a feature's API and
 * snapshot reach its own part typed (WindowAccess.replayPart).
 */
export interface ReplayPart {
  /** Nothing is replayed (playback on before a load lands, or off): forget the last replay's. */
  clear?(): void;
  /** A replay starts loading `what`. */
  load?(what: ReplayLoad): void;
  /** A new replay store was swapped in (ReplayContext.store answers it now). */
  historySwapped?(): void;
  /**
   * The feature's shared setting was set while this replay shows a history:
   * the core tells the setting window's part, and the others' when the value moved.
   */
  settingChanged?(): void;
  /** The replay is gone (its window left or started again): nothing of the part's may run after. */
  dispose?(): void;
}

/** What a feature's API is given of the window it answers (TelemetryService). */
export interface WindowAccess<RP = unknown> {
  /**
   * The feature's part in this window's replay (Feature.replayPart): null
   * until the window first replays. Present while live too (playback off).
   */
  replayPart(): RP | null;
  /** The live history's fields (the catalogue every history shares). */
  fieldCatalog(): FieldInfo[];
  /** The view the window shows now. */
  view(): FeatureView;
  /** The shown history's laps: the lap desk's live ones, or the replay's own. */
  shownLaps(): LapFetchResult;
  /** The history on screen is the simulated car's. */
  showsSimulated(): boolean;
  /** The finish line in force (the core's). */
  finishLine(): LapCoords | null;
  /** The recorded sessions; null without storage. */
  sessions(): RecordedSessions | null;
  /** The live drivers, RFID → name (the backend's list). */
  drivers(): Readonly<Record<string, string>>;
  /** The most rows a history may hold (the live capacity). */
  capacity(): number;
  /** Sets the feature's shared setting from this window; the others are told when it moved. */
  changeSetting<R>(read: () => unknown, apply: () => R): R;
}

/** What a view (live, or a window's replay or import) is, as a feature reads it. */
export interface FeatureView {
  /** The history the window shows. */
  readonly store: TelemetryStore;
  /** It is the live history (not a replay or an import). */
  readonly live: boolean;
  /** The playback clock in a replay (packet time); null live. */
  readonly clock: number | null;
  /**
   * In a replay, the session events of the kinds the features read in one
   * (Feature.replays) recorded with what it shows, oldest first; null live.
   */
  readonly recorded: readonly SessionEvent[] | null;
}

/**
 * The session event kinds a feature records, each with the zod schema of an
 * event of that kind as read back (its fields; `kind` and `time` the store
 * has checked already). What a restore or a replay reads of a declared kind
 * is checked with it before a feature is handed it (pipeline/declaredEvents.ts).
 */
export type EventSchemas = Readonly<Record<string, ZodType>>;

/**
 * A feature's shared setting, declared: its kind (the windows are told it
 * changed by kind), the zod schema of its value's shape, and the value a core
 * starts with. What a shape cannot say (a real time zone, a field the
 * history has) the feature checks when the value is set.
 */
export interface SettingDeclaration<Value = unknown> {
  readonly kind: SharedSettingKind;
  readonly schema: ZodType<Value>;
  default(): Value;
}

/** A shared setting a feature keeps in its part, set and read through TelemetryApi.featureSetting. */
interface FeatureSetting<Part> {
  read(part: Part): unknown;
  /** `value` has passed the declared schema (Feature.setting), as it parsed. */
  set(part: Part, value: unknown): { ok: true } | { ok: false; message: string };
}

export interface Feature<Part extends LivePart = LivePart, RP extends ReplayPart = ReplayPart> {
  /** Its id: a FeatureId for the built-in analyses, which the UI's tab table knows. */
  readonly id: FeatureId | (string & {});
  /** Its ingest stages, run on every history (pipeline/Stage.ts). */
  readonly stages: readonly Stage[];
  /** The kinds of stage event its stages emit: the live history's go to its part's sink. */
  readonly emits?: readonly string[];
  /**
   * The kinds of session event it records (what it emits, its start events),
   * each with its schema. Its `restores` and `replays` name declared kinds, and
   * one feature declares a kind (tests/unit/feature-registry.test.ts).
   */
  readonly events?: EventSchemas;
  /** The kinds of session event a restore reads back for it. */
  readonly restores?: readonly string[];
  /** The kinds of session event a replay reads for it (FeatureView.recorded). */
  readonly replays?: readonly string[];
  /** The shared setting it owns, if any (the core tells the other windows of a change). */
  readonly setting?: SettingDeclaration;
  /**
   * What a change of its setting does to the histories already stored
   * (SettingPolicy); none: nothing stored depends on it (the sector lines,
   * read whenever asked).
   */
  readonly onSettingChange?: SettingPolicy;
  /**
   * How its setting is read and set when the contract names no call for it
   * (featureSetting): the core checks a value with the declared schema before
   * `set`, and sets the declared default when it makes the part.
   */
  readonly shared?: FeatureSetting<Part>;
  /**
   * Its part of a window's snapshot, for the view it shows (`replay`: its
   * part in the window's replay, if one was made): Snapshot.features[id]
   * unless `snapshotField`.
   */
  snapshot?(part: Part, view: FeatureView, replay: RP | null): unknown;
  /** The snapshot field the contract names for its part, if any (the built-in analyses'). */
  readonly snapshotField?: "math" | "strategy" | "alerts";
  /** Its part in each window's replay, made with it (ReplayPart). */
  replayPart?(part: Part, context: ReplayContext): RP;
  /** Adds its marks to a window's series answers for the view it shows (the alerts' bands). */
  series?(
    part: Part,
    view: FeatureView,
    replay: RP | null,
    requests: readonly SeriesRequest[],
    results: SeriesResult[],
  ): void;
  /** Adds its marks to a window's track answer over [from, to] of the view it shows (the alerts' pins). */
  track?(
    part: Part,
    view: FeatureView,
    replay: RP | null,
    span: { from: number | null; to: number | null },
    track: TrackResult,
  ): void;
  /**
   * Its calls of TelemetryApi for one window (made once per window): each
   * answers for the view that window shows. The facade exposes them as its own.
   */
  api?(part: Part, window: WindowAccess<RP>): object;
  /** Its table in a season's dataset, if it keeps one per session (notes, laps). */
  readonly seasonTable?: SeasonTable;
  /** It has a panel: the UI's tab table (src/shell/navbar/tabs.tsx) lists it by id. */
  readonly panel: boolean;
  /** Its part in a core, made once per core. */
  live(context: LiveContext): Part;
}
