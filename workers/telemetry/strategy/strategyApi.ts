// The race strategy's calls of one window (StrategyApi): the settings are the
// core's; the forecast is the shown history's (live, or a replay's loaded
// rows); the records are live today's, or those recorded with a replay.
import type { SessionEvent } from "../../contract/events";
import type { StrategyApi, StrategyRecord } from "../../contract/strategy";
import type { FeatureView, WindowAccess } from "../pipeline/Feature";
import { reviewDay } from "./review";
import { recordsFromEvents, type StrategyDesk } from "./strategyDesk";

/** The records a view shows: live, the desk's; a replay, those recorded with it (read once per list). */
export function shownRecords(desk: StrategyDesk, view: FeatureView): readonly StrategyRecord[] {
  if (view.recorded === null) return desk.records();
  return recordsOf(view.recorded);
}

/** A replay's records, read from its events once per list it loads (the tab asks every few seconds). */
const replayRecords = new WeakMap<readonly SessionEvent[], StrategyRecord[]>();
function recordsOf(events: readonly SessionEvent[]): StrategyRecord[] {
  let records = replayRecords.get(events);
  if (!records) replayRecords.set(events, (records = recordsFromEvents(events)));
  return records;
}

/** The shown history's latest forecast: live, or the last recorded by a replay's clock. */
export function latestForecast(desk: StrategyDesk, view: FeatureView): StrategyRecord | null {
  if (view.live) return desk.latest();
  if (view.clock === null) return null;
  const recorded = shownRecords(desk, view);
  for (let i = recorded.length - 1; i >= 0; i--)
    if (recorded[i]!.at <= view.clock) return recorded[i]!;
  return null;
}

export function strategyApi(desk: StrategyDesk, window: WindowAccess): StrategyApi {
  return {
    strategySettings: async () => desk.current(),
    setStrategySettings: async (settings) =>
      window.changeSetting(
        () => desk.current(),
        () => desk.set(settings),
      ),
    strategy: async (sliderKmh, timeZone) => {
      const view = window.view();
      return desk.answer(view.store, sliderKmh, window.showsSimulated(), timeZone, view.recorded);
    },
    strategyRecords: async () => [...shownRecords(desk, window.view())],
    strategyReview: async () => reviewDay(shownRecords(desk, window.view())),
  };
}
