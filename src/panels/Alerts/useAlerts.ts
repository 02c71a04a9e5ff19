// The shown history's alerts and the muted rules, read from the worker when
// the snapshot's alerts version moves or a toast muted rules: at most four
// reads a second, however fast alerts start and end (a storm would otherwise
// read the log per packet).
import { useCallback, useEffect, useState } from "react";
import type { AlertsState } from "../../../workers/contract/alerts";
import { useSnapshot } from "valtio";
import { alertMutes } from "../../state/alertMutes";
import { refreshAlertTemplates } from "../../state/alertTemplates";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { ReadThrottle } from "../../ui/readThrottle";

const ALERTS_REFRESH_MS = 250;

interface AlertsView {
  state: AlertsState | null;
  /** Rule id → wall-clock ms its mute ends. */
  muted: Record<string, number>;
  /** Read again now (after acknowledging, muting, switching origin). */
  refresh: () => void;
}

export function useAlerts(): AlertsView {
  const { client } = useTelemetry();
  const version = useLiveStatusPart("alerts")?.version;
  const { revision: mutes } = useSnapshot(alertMutes);
  const [state, setState] = useState<AlertsState | null>(null);
  const [muted, setMuted] = useState<Record<string, number>>({});
  const [throttle, setThrottle] = useState<ReadThrottle | null>(null);

  useEffect(() => {
    let alive = true;
    const next = new ReadThrottle(() => {
      void Promise.all([client.api.alerts(), client.api.mutedAlertRules()]).then(
        ([alerts, mutes]) => {
          if (!alive) return;
          setState(alerts);
          setMuted(mutes);
        },
        () => undefined, // the worker is restarting: the next version reads again
      );
    }, ALERTS_REFRESH_MS);
    setThrottle(next);
    void refreshAlertTemplates(() => client.api.alertRules());
    return () => {
      alive = false;
      next.cancel();
    };
  }, [client]);

  useEffect(() => throttle?.changed(), [version, mutes, throttle]);

  const refresh = useCallback(() => throttle?.readNow(), [throttle]);
  return { state, muted, refresh };
}
