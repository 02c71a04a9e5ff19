// At start, the strategy settings saved in this browser go to the worker. Saved
// settings the worker refuses are told once, in a toast after the loading
// screen; what was saved is kept.
import { useEffect } from "react";
import { restoreStrategySettingsOnce } from "../../actions/strategyActions";
import { appState } from "../../state/appState";
import { useTelemetry } from "../../worker-client/hooks";
import { notify } from "../notifications/notificationCenter";
import { notifyAfterLoading } from "../notifications/notifyAfterLoading";

export function useSavedStrategySettings(): void {
  const { client } = useTelemetry();
  useEffect(() => {
    // Once per worker client: StrictMode runs effects twice, and one refusal is one toast.
    void restoreStrategySettingsOnce(client)?.then((problem) => {
      if (problem === null) return;
      const note = { title: "Strategy", message: problem, intent: "warning" as const };
      if (appState.displayLoading) notifyAfterLoading([note]);
      else notify(note);
    });
  }, [client]);
}
