// The worker's "alerts" events (new live alerts to announce) → a toast (storms
// coalesced), and the sound and desktop notification the user turned on. The
// toast's buttons acknowledge its alerts or mute its rules in the worker.
import type { AlertEntry } from "../../../workers/contract/alerts";
import { alertMutesChanged } from "../../state/alertMutes";
import { appState } from "../../state/appState";
import { alertTemplates, refreshAlertTemplates } from "../../state/alertTemplates";
import { alertMessage } from "../../ui/format/alertFormat";
import type { TelemetryClient } from "../../worker-client/TelemetryClient";
import { announceAlerts } from "./alertAnnouncer";
import { AlertToasts } from "./alertToasts";
import { notifyWithId, updateNotification } from "./notificationCenter";

export function alertEventHandler(
  client: TelemetryClient,
): (started: AlertEntry[], omitted?: number, announce?: boolean) => void {
  const messageOf = (entry: AlertEntry) =>
    alertMessage(entry, alertTemplates.byRule[entry.ruleId], appState.appUnits);
  const toasts = new AlertToasts(
    { show: notifyWithId, update: updateNotification },
    {
      acknowledge: (seqs) => void client.api.acknowledgeAlerts(seqs),
      mute: (ruleIds, minutes) =>
        void Promise.all(ruleIds.map((id) => client.api.muteAlertRule(id, minutes))).then(
          alertMutesChanged,
          () => undefined,
        ),
    },
    messageOf,
  );
  void refreshAlertTemplates(() => client.api.alertRules());
  return (started, omitted = 0, announce = true) => {
    // Rules may have been edited since: the next toast uses their new words.
    void refreshAlertTemplates(() => client.api.alertRules());
    toasts.started(started, omitted);
    // Every window shows the toast; one (the core says which) is heard.
    if (announce) announceAlerts(started, messageOf);
  };
}
