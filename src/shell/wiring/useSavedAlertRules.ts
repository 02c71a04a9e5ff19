// At start, the rules saved in this browser go to the worker (which starts on
// the defaults). A saved file the worker refuses is told once, in a toast
// after the loading screen; the defaults stay and the saved file is kept.
import { useEffect } from "react";
import { restoreAlertRules } from "../../actions/alertRulesActions";
import { appState } from "../../state/appState";
import type { TelemetryClient } from "../../worker-client/TelemetryClient";
import { useTelemetry } from "../../worker-client/hooks";
import { notify } from "../notifications/notificationCenter";
import { notifyAfterLoading } from "../notifications/notifyAfterLoading";
import { mathChannelsRestored } from "./useSavedMathChannels";

// Once per worker client: StrictMode runs effects twice, and one refusal is one toast.
const restored = new WeakSet<TelemetryClient>();

export function useSavedAlertRules(): void {
  const { client } = useTelemetry();
  useEffect(() => {
    if (restored.has(client)) return;
    restored.add(client);
    // After the math channels: a saved rule may watch one.
    void mathChannelsRestored(client)
      .then(() => restoreAlertRules(client))
      .then((problem) => {
        if (problem === null) return;
        const note = { title: "Alert rules", message: problem, intent: "warning" as const };
        if (appState.displayLoading) notifyAfterLoading([note]);
        else notify(note);
      });
  }, [client]);
}
