// Big numbers: the race at a glance for a screen read from 3 metres (issue 63).
// It is a route, so a pit screen can open it by its address; the hotkey, the
// pit menu and the Overview's button all go there the same way, and leaving
// returns to the tab it was opened from.
import type { NavigateFunction } from "react-router";

export const BIG_NUMBERS_PATH = "/big-numbers";

/** What the route's history entry carries: the path to return to. */
interface BigNumbersState {
  back?: string;
}

/** Opens big numbers from `pathname`, keeping the query (?backend=…). */
export function openBigNumbers(navigate: NavigateFunction, pathname: string): void {
  if (pathname === BIG_NUMBERS_PATH) return;
  const state: BigNumbersState = { back: pathname };
  void navigate({ pathname: BIG_NUMBERS_PATH, search: window.location.search }, { state });
}

/** Leaves big numbers for the tab it was opened from (the Overview when opened by its address). */
export function leaveBigNumbers(navigate: NavigateFunction, state: unknown): void {
  const back = (state as BigNumbersState | null)?.back;
  const pathname = typeof back === "string" && back.startsWith("/") ? back : "/";
  void navigate({ pathname, search: window.location.search });
}
