// The shown history's alerts (active and log), read from the worker only when
// the snapshot's alerts version moves: an alert started, ended or was
// acknowledged, or the view's log was replaced.
import { useEffect, useState } from "react";
import type { AlertsState } from "../../workers/contract/alerts";
import { useLiveStatusPart, useTelemetry } from "../worker-client/hooks";

export function useShownAlerts(): AlertsState | null {
  const { client } = useTelemetry();
  const version = useLiveStatusPart("alerts")?.version;
  const [state, setState] = useState<AlertsState | null>(null);
  useEffect(() => {
    if (version === undefined) return;
    let current = true;
    client.api.alerts().then(
      (read) => current && setState(read),
      () => undefined, // the worker is restarting: the next version reads again
    );
    return () => {
      current = false;
    };
  }, [client, version]);
  return state;
}
