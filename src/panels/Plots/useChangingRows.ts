// "Hide rows that never change": which of a timeline's rows change in the
// window shown, asked of the telemetry worker (it holds the data) every few
// seconds while the option is on, and whenever the fields or units change.
import { useEffect, useState } from "react";
import type { AppUnits } from "../../../workers/contract/fields";
import { changingRows, stateRows } from "../../../workers/shared/plots/stateRows";
import { useTelemetry } from "../../worker-client/hooks";
import type { PlotSeriesInfo } from "./plotTypes";
import type { PlotView } from "./plotView";

/** How often the rows are looked at again while live (ms): rows come and go slowly. */
const RECHECK_MS = 2000;
/** Points asked for: a bucket keeps every state it saw (`states`), so a state one packet long still counts. */
const POINTS = 400;

/**
 * The labels of the rows that change in the plot's window; null while the
 * option is off or before the first answer (every row is shown).
 */
export function useChangingRows(
  enabled: boolean,
  series: readonly PlotSeriesInfo[],
  units: AppUnits,
  view: PlotView,
): ReadonlySet<string> | null {
  const { client } = useTelemetry();
  const [changing, setChanging] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!enabled || series.length === 0) {
      setChanging(null);
      return;
    }
    const rows = stateRows(series);
    let stopped = false;
    const check = async () => {
      const range = view.xRange();
      try {
        const result = await client.api.series({
          fields: series.map((s) => s.path),
          from: range?.min ?? null,
          to: range?.max ?? null,
          points: POINTS,
          units,
          states: true,
        });
        if (stopped) return;
        const next = changingRows(result.data, rows);
        setChanging((before) => (before && sameSet(before, next) ? before : next));
      } catch {
        // The worker is restarting: the rows stay as they were until the next look.
      }
    };
    void check();
    const timer = setInterval(() => void check(), RECHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled, series, units, view, client]);
  return changing;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((label) => b.has(label));
}
