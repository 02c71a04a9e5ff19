// The plot driver's states: which thread owns the plot's picture now (the
// rule: workers/shared/plots/ownership.ts) and how it moves between them.
// plotDriver acts on each transition (hands the plot over, takes it back);
// this file only says which transitions exist.
import type { PictureOwner } from "../../../workers/shared/plots/ownership";

export type DriverState =
  /** No chart to draw on (not mounted yet, or being rebuilt). */
  | { readonly name: "detached" }
  /** The main thread asks for the series, decides the y ranges and draws. */
  | { readonly name: "drawing" }
  /** The render worker owns the picture and refreshes it every `intervalMs`. */
  | { readonly name: "handedOver"; readonly intervalMs: number }
  /**
   * Ours again, asked for at once: the worker's last picture (newer than what
   * was drawn here) stays until that answer comes; only a forced redraw
   * (resize, theme) draws before.
   */
  | { readonly name: "takingBack" };

export type DriverEvent =
  | { readonly type: "attach" }
  | { readonly type: "detach" }
  /** Hand the plot over, or (already handed over) refresh at a new interval. */
  | { readonly type: "handOver"; readonly intervalMs: number }
  | { readonly type: "takeBack" }
  /** A series answer arrived to be drawn here. */
  | { readonly type: "answer" };

export const DETACHED: DriverState = { name: "detached" };
export const DRAWING: DriverState = { name: "drawing" };
const TAKING_BACK: DriverState = { name: "takingBack" };

/** The state after `event`; the same state when the event does not apply to it. */
export function nextState(state: DriverState, event: DriverEvent): DriverState {
  switch (event.type) {
    case "attach":
      return DRAWING;
    case "detach":
      return DETACHED;
    case "handOver":
      return state.name === "drawing" || state.name === "handedOver"
        ? { name: "handedOver", intervalMs: event.intervalMs }
        : state;
    case "takeBack":
      return state.name === "handedOver" ? TAKING_BACK : state;
    case "answer":
      return state.name === "takingBack" ? DRAWING : state;
  }
}

/** Which thread decides what the plot's picture shows in this state. */
export function ownerOf(state: DriverState): PictureOwner {
  return state.name === "handedOver" ? "render" : "main";
}
