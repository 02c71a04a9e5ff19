// The sector lines saved in this browser go to the worker at start and on
// every change made here (those another window made come from the core); the
// lap table with energy and sector columns is asked for again then, and
// whenever the laps change.
import { useEffect } from "react";
import { subscribe } from "valtio";
import { applyLapTable } from "../../state/lapAnalysis";
import { lapsState } from "../../state/lapsState";
import { sectorLinesState, showsCoreSectorLines } from "../../state/sectorLines";
import { useTelemetry } from "../../worker-client/hooks";
import { notify } from "../notifications/notificationCenter";

export function useSectorLines(): void {
  const { client } = useTelemetry();
  useEffect(() => {
    let alive = true;
    const refresh = () =>
      void client.api.lapTable().then(
        (table) => alive && applyLapTable(table),
        () => undefined,
      );
    const push = () => {
      // Lines just read from the core (another window's change) need no send:
      // only the table, which they cut, is asked for again.
      if (showsCoreSectorLines()) return refresh();
      void client.api.setSectorLines(sectorLinesState.lines.map((l) => ({ ...l }))).then(
        (result) => {
          if (!result.ok)
            notify({ title: "Sector lines", message: result.message, intent: "warning" });
          refresh();
        },
        () => undefined,
      );
    };
    push();
    const offLines = subscribe(sectorLinesState, push);
    const offLaps = subscribe(lapsState, refresh);
    return () => {
      alive = false;
      offLines();
      offLaps();
    };
  }, [client]);
}
