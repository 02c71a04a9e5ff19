// The race strategy's stage: PLACEHOLDER on main, replaced by the strategy
// model's branch (issue 35). The signatures below are the boundary between
// the model (this folder) and the core/UI that use it.
import type { StrategyAnswer, StrategySettings } from "../../contract/strategy";
import type { Stage } from "../pipeline/Stage";

/** What the forecasts of one history are made with, besides its packets. */
export interface StrategyContext {
  settings: StrategySettings;
  /** The backend's raceInfo time left, and the packet time it was received at; null: none. */
  raceInfo: { timeLeftMs: number; atPacketTime: number } | null;
}

export interface StrategyState {
  context: StrategyContext | null;
}

/** Sets the settings and race info on one history's state (the core calls it on every history). */
export function configureStrategy(state: StrategyState, context: StrategyContext): void {
  state.context = context;
}

/** The forecast from this history's state now, with scenario (b) at sliderKmh. */
export function forecastNow(state: StrategyState, sliderKmh: number | null): StrategyAnswer {
  void state;
  void sliderKmh;
  return { ok: false, reason: "Cannot forecast: not built yet", simulated: false, inputs: [] };
}

export const strategyStage: Stage<StrategyState> = {
  name: "strategy",
  columns: [],
  inputs: [],
  createState: () => ({ context: null }),
  reset: () => {},
  step: () => {},
};
