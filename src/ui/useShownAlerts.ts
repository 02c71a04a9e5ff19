// The shown history's alerts (active and log), read from the worker when the
// snapshot's alerts version moves (an alert started, ended or was
// acknowledged, or the view's log was replaced), at most four times a second:
// in a storm the version moves with every snapshot, and each read clones the
// whole log.
import { useEffect, useState } from "react";
import type { AlertsState } from "../../workers/contract/alerts";
import { useLiveStatusPart, useTelemetry } from "../worker-client/hooks";
import { ReadThrottle } from "./readThrottle";

const SHOWN_ALERTS_READ_MS = 250;

export function useShownAlerts(): AlertsState | null {
  const { client } = useTelemetry();
  const version = useLiveStatusPart("alerts")?.version;
  const [state, setState] = useState<AlertsState | null>(null);
  const [throttle, setThrottle] = useState<ReadThrottle | null>(null);
  useEffect(() => {
    let alive = true;
    const next = new ReadThrottle(() => {
      client.api.alerts().then(
        (read) => alive && setState(read),
        () => undefined, // the worker is restarting: the next version reads again
      );
    }, SHOWN_ALERTS_READ_MS);
    setThrottle(next);
    return () => {
      alive = false;
      next.cancel();
    };
  }, [client]);
  useEffect(() => {
    if (version !== undefined) throttle?.changed();
  }, [version, throttle]);
  return state;
}
