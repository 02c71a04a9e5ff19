// The race strategy's live part (pipeline/Feature.ts), one per core (workers/contract/strategy.ts): the
// settings in force and the backend's time left turned into packet time. A
// history's forecasts are made from them: the live one's is configured at
// once when they change (the core hands a new setting to every history:
// settingApplied; the race info and the source are the desk's own news), any
// history's again each time it is asked (answer), so a replay or an import
// opened later forecasts with the settings in force. The live history's
// forecast once a minute (stage event "strategy") is recorded with the
// session, and a restore after a reload brings those back.
import type { SessionEvent } from "../../contract/events";
import type { RaceInfo } from "../../contract/laps";
import type {
  RacePlan,
  StrategyAnswer,
  StrategyEvent,
  StrategyRecord,
  StrategySettings,
  StrategySettingsResult,
} from "../../contract/strategy";
import type { KnownForecast } from "../../contract/weather";
import type { LivePart } from "../pipeline/Feature";
import { forecastsFromEvents } from "../race/skyForecasts";
import type { StageEvent } from "../pipeline/Stage";
import type { TelemetryStore } from "../store/TelemetryStore";
import {
  configureStrategy,
  forecastNow,
  strategyStage,
  type StrategyContext,
  type StrategyState,
} from "./strategyStage";
import { STRATEGY_EVENT_KIND, strategyRecordSchema } from "./strategyEvents";
import { checkStrategySettings, DEFAULT_STRATEGY_SETTINGS } from "./strategySettings";

const NO_STAGE: StrategyAnswer = {
  ok: false,
  reason: "Cannot forecast: this history has no strategy stage",
  simulated: false,
  inputs: [],
};

/** A record of a recorded or emitted event, without its kind and time; null when damaged. */
export function strategyRecordOf(event: {
  kind: string;
  payload?: unknown;
}): StrategyRecord | null {
  if (event.kind !== STRATEGY_EVENT_KIND) return null;
  // Optional fields are kept only when well formed: older sessions have none of them.
  const parsed = strategyRecordSchema.safeParse(event.payload);
  return parsed.success ? parsed.data : null;
}

/** The strategy records among session events read back, oldest first. */
export function recordsFromEvents(events: readonly SessionEvent[]): StrategyRecord[] {
  const records: StrategyRecord[] = [];
  for (const event of events) {
    const { kind, ...payload } = event;
    const record = strategyRecordOf({ kind, payload });
    if (record) records.push(record);
  }
  return records.sort((a, b) => a.at - b.at);
}

/** A replay's weather forecasts, read from its events once per list it loads. */
const replaySkies = new WeakMap<readonly SessionEvent[], readonly KnownForecast[]>();
function recordedSky(events: readonly SessionEvent[]): () => readonly KnownForecast[] {
  let known = replaySkies.get(events);
  if (!known) replaySkies.set(events, (known = forecastsFromEvents(events)));
  return () => known;
}

/**
 * A replay shows the race plan as it was recorded at its clock (issue 62),
 * not one made now with today's settings; its curve is not recorded.
 */
const replayPlans = new WeakMap<readonly SessionEvent[], StrategyRecord[]>();
function withRecordedPlan(answer: StrategyAnswer, events: readonly SessionEvent[]): StrategyAnswer {
  if (!answer.ok) return answer;
  const at = answer.forecast.at;
  let plans = replayPlans.get(events);
  if (!plans) replayPlans.set(events, (plans = recordsFromEvents(events).filter((r) => r.plan)));
  const record = plans.filter((r) => r.at <= at).at(-1);
  if (!record?.plan) return answer;
  const p = record.plan;
  const plan: RacePlan = {
    ...p,
    at: record.at,
    distanceKm: p.days.reduce((sum, d) => sum + d.distanceKm, 0),
    soc: { time: [], values: [] },
    ms: 0,
  };
  return { ok: true, forecast: { ...answer.forecast, plan, planRecorded: true } };
}

export class StrategyDesk implements LivePart {
  private settings: StrategySettings = DEFAULT_STRATEGY_SETTINGS;
  private race: StrategyContext["raceInfo"] = null;
  private live: TelemetryStore | null = null;
  /** The live history is the demo car's (its forecasts are marked simulated). */
  private liveSimulated = false;
  private liveRecords: StrategyRecord[] = [];

  /**
   * `record`: where the live forecasts go to be recorded with the session;
   * `liveSky`: the weather forecasts the core knows (race/skyForecasts.ts).
   */
  constructor(
    private readonly record: (event: SessionEvent) => void = () => {},
    private readonly liveSky: () => readonly KnownForecast[] = () => [],
  ) {}

  /** Where the live history's stages send their events (with the alerts' sink). */
  readonly sink = (event: StageEvent): void => {
    const record = strategyRecordOf(event);
    if (!record) return;
    this.liveRecords.push(record);
    const recorded: StrategyEvent = { ...record, kind: "strategy", time: event.time };
    this.record(recorded);
  };

  /** A new live history: today's records start afresh, configured at once. */
  attach(store: TelemetryStore): void {
    this.live = store;
    this.liveRecords = [];
    this.configure(store);
  }

  /** After a reload: the records of the restored day come back (before newer live ones). */
  restore(events: readonly SessionEvent[]): void {
    const restored = recordsFromEvents(events);
    const first = this.liveRecords[0]?.at ?? Infinity;
    this.liveRecords = [...restored.filter((r) => r.at < first), ...this.liveRecords];
  }

  current(): StrategySettings {
    return structuredClone(this.settings);
  }

  /**
   * Takes the settings whole, or refuses them with the reasons (nothing
   * changes). The core then hands them to every history (settingApplied).
   */
  set(value: unknown): StrategySettingsResult {
    const checked = checkStrategySettings(value);
    if (!checked.ok) return checked;
    this.settings = checked.settings;
    return { ok: true };
  }

  /**
   * The settings were set ("fromNow"): `store`'s forecasts are made with them
   * from now on, its records made before keep theirs.
   */
  settingApplied(store: TelemetryStore): void {
    this.configure(store);
  }

  /**
   * The backend's raceInfo (its time left at wall time `receivedAt`) on the
   * packets' clock: the newest packet's time when it arrived, so a replay
   * or a delayed link still counts the day down with its packets.
   */
  raceInfo(info: RaceInfo, newestPacketTime: number | null): void {
    if (newestPacketTime === null) return;
    const next = {
      timeLeftMs: info.timeLeftMs,
      atPacketTime: newestPacketTime,
      dates: info.raceDates,
    };
    const last = this.race;
    if (
      last &&
      last.timeLeftMs === next.timeLeftMs &&
      last.atPacketTime === next.atPacketTime &&
      last.dates?.join() === next.dates.join()
    )
      return;
    this.race = next;
    if (this.live) this.configure(this.live);
  }

  /** The live source is (or is no longer) the demo car. */
  sourceIs(simulated: boolean): void {
    this.liveSimulated = simulated;
    if (this.live) this.configure(this.live);
  }

  /**
   * The forecast of `store` (configured first, with what is in force now),
   * with scenario (b) at `sliderKmh`. `simulated`: a replay's or an import's
   * packets are the demo car's (the live history's is known here).
   * `textZone`: the zone its texts write times in (the asking window's).
   * `recorded`: a replay's session events, whose weather forecasts it uses.
   */
  answer(
    store: TelemetryStore,
    sliderKmh: number | null,
    simulated = false,
    textZone?: string,
    recorded: readonly SessionEvent[] | null = null,
  ): StrategyAnswer {
    const state = this.configure(store, simulated, recorded);
    if (!state) return NO_STAGE;
    const slider =
      typeof sliderKmh === "number" && Number.isFinite(sliderKmh) && sliderKmh >= 0
        ? sliderKmh
        : null;
    const answer = forecastNow(state, slider, textZone);
    return recorded === null ? answer : withRecordedPlan(answer, recorded);
  }

  /** The live history's records, oldest first. */
  records(): StrategyRecord[] {
    return this.liveRecords.slice();
  }

  latest(): StrategyRecord | null {
    return this.liveRecords.at(-1) ?? null;
  }

  /** Configures `store` with the settings and race info in force; its state, or null. */
  private configure(
    store: TelemetryStore,
    simulated = false,
    recorded: readonly SessionEvent[] | null = null,
  ): StrategyState | null {
    const state = store.pipeline.state(strategyStage);
    if (!state) return null;
    const live = store === this.live;
    const sky = live || recorded === null ? this.liveSky : recordedSky(recorded);
    configureStrategy(state, this.context(live, live ? this.liveSimulated : simulated, sky));
    return state;
  }

  /**
   * Only the live history records a forecast each minute: a replay or an
   * import of a whole day would make hundreds, and its own were recorded
   * when it was live.
   */
  private context(
    live: boolean,
    simulated: boolean,
    skyForecasts: () => readonly KnownForecast[],
  ): StrategyContext {
    return {
      settings: this.settings,
      raceInfo: this.race,
      emitRecords: live,
      simulated,
      skyForecasts,
    };
  }
}
