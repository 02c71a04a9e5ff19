// The shown history's alerts and the muted rules, read from the worker when
// the snapshot's alerts version moves: at most four reads a second, however
// fast alerts start and end (a storm would otherwise read the log per packet).
import { useCallback, useEffect, useRef, useState } from "react";
import type { AlertsState } from "../../../workers/contract/alerts";
import { refreshAlertTemplates } from "../../state/alertTemplates";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";

export const ALERTS_REFRESH_MS = 250;

export interface AlertsView {
  state: AlertsState | null;
  /** Rule id → wall-clock ms its mute ends. */
  muted: Record<string, number>;
  /** Read again now (after acknowledging, muting, switching origin). */
  refresh: () => void;
}

export function useAlerts(): AlertsView {
  const { client } = useTelemetry();
  const version = useLiveStatusPart("alerts")?.version;
  const [state, setState] = useState<AlertsState | null>(null);
  const [muted, setMuted] = useState<Record<string, number>>({});
  const lastRead = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  const read = useCallback(() => {
    lastRead.current = performance.now();
    void Promise.all([client.api.alerts(), client.api.mutedAlertRules()]).then(
      ([next, mutes]) => {
        if (!alive.current) return;
        setState(next);
        setMuted(mutes);
      },
      () => undefined, // the worker is restarting: the next version reads again
    );
  }, [client]);

  useEffect(() => {
    alive.current = true;
    void refreshAlertTemplates(() => client.api.alertRules());
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [client]);

  useEffect(() => {
    if (timer.current) return; // a read is already due: it will see this version
    const wait = lastRead.current + ALERTS_REFRESH_MS - performance.now();
    if (wait <= 0) {
      read();
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      read();
    }, wait);
  }, [version, read]);

  return { state, muted, refresh: read };
}
