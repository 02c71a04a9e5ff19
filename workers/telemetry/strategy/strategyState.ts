// One history's strategy state and what it is made with, apart from the stage
// that fills it (strategyStage.ts) and the forecast that reads it
// (forecast.ts), which the stage calls: so neither imports the other's file
// for a type.
import type { StrategySettings } from "../../contract/strategy";
import type { KnownForecast } from "../../contract/weather";
import type { StoredInputs } from "../history/precision";
import type { PlanMemory } from "./planTheRace";
import type { PowerFit } from "./powerFit";
import type { MinuteWindows, Sample, WindowCursor } from "./minuteWindows";

/** What the forecasts of one history are made with, besides its packets. */
export interface StrategyContext {
  settings: StrategySettings;
  /**
   * The backend's raceInfo time left, the packet time it was received at,
   * and its race dates ("YYYY-MM-DD"; absent: none sent); null: none.
   */
  raceInfo: { timeLeftMs: number; atPacketTime: number; dates?: readonly string[] } | null;
  /**
   * Emit a record each minute (the live history). A restore or replay of a
   * whole day leaves it off: 500 forecasts would slow it, and its records
   * were recorded with the session.
   */
  emitRecords?: boolean;
  /** The history is the demo car's (its forecasts are marked simulated). */
  simulated?: boolean;
  /**
   * The weather forecasts known (race/skyForecasts.ts), oldest first: live,
   * the core's; a replay's, those recorded with it. A forecast uses those
   * received by its own time. None: the sky ahead is the car's own.
   */
  skyForecasts?: () => readonly KnownForecast[];
}

export interface StrategyState {
  context: StrategyContext | null;
  /** The race plan last made for this history, and what it was made with (planTheRace.ts). */
  plan?: PlanMemory | null;
  /** The car's power as fitted on its last drive, and its top speed bound (a morning's plan uses it). */
  lastDrive?: { fit: PowerFit; maxKmh: number } | null;
  windows: MinuteWindows;
  cursor: WindowCursor;
  /** The newest known values (a packet without a state of charge or position keeps the last). */
  latest: Sample;
  /** The newest packet's own values, for the windows (reused: no allocation per packet). */
  raw: Sample;
  /** The inputs as stored, so a live forecast is the one a replay of the day makes. */
  inputs: StoredInputs;
}
