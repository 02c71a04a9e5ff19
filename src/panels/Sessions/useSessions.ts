// The recorded sessions and the backend's span, asked from the worker when the
// tab opens, after each change, and every few seconds while recording goes on.
import { useCallback, useEffect, useState } from "react";
import type { BackendSpan, SessionInfo } from "../../../workers/contract/sessions";
import { useTelemetry } from "../../worker-client/hooks";

const REFRESH_MS = 3000;

export function useSessions() {
  const { client } = useTelemetry();
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const refresh = useCallback(async () => {
    try {
      setSessions(await client.api.listSessions());
    } catch {
      setSessions([]);
    }
  }, [client]);
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { sessions, refresh };
}

/** GET /firstAndLastPacket while the backend is connected (null otherwise). */
export function useBackendSpan(connected: boolean): BackendSpan | null {
  const { client } = useTelemetry();
  const [span, setSpan] = useState<BackendSpan | null>(null);
  useEffect(() => {
    if (!connected) return;
    let live = true;
    void client.api.backendSpan().then((result) => {
      if (live) setSpan(result);
    });
    return () => {
      live = false;
    };
  }, [client, connected]);
  return connected ? span : null;
}
