// At start, the math channels saved in this browser (or the starter set on a
// first run) go to the worker. A saved set the worker refuses is told once, in
// a toast after the loading screen; the saved file is kept. The alert rules
// wait for this (mathChannelsRestored): a rule may watch a channel.
import { useEffect } from "react";
import { restoreMathChannels } from "../../actions/mathChannelsActions";
import { appState } from "../../state/appState";
import type { TelemetryClient } from "../../worker-client/TelemetryClient";
import { useTelemetry } from "../../worker-client/hooks";
import { notify } from "../notifications/notificationCenter";
import { notifyAfterLoading } from "../notifications/notifyAfterLoading";

// Once per worker client: StrictMode runs effects twice, and one refusal is one toast.
const restoring = new WeakMap<TelemetryClient, Promise<void>>();

/** Settles once the channels of the start went to `client`'s worker (at once if none are going). */
export function mathChannelsRestored(client: TelemetryClient): Promise<void> {
  return restoring.get(client) ?? Promise.resolve();
}

/** Call before useSavedAlertRules: effects run in order, and the rules wait on this one's. */
export function useSavedMathChannels(): void {
  const { client } = useTelemetry();
  useEffect(() => {
    if (restoring.has(client)) return;
    restoring.set(
      client,
      restoreMathChannels(client).then((problem) => {
        if (problem === null) return;
        const note = { title: "Math channels", message: problem, intent: "warning" as const };
        if (appState.displayLoading) notifyAfterLoading([note]);
        else notify(note);
      }),
    );
  }, [client]);
}
