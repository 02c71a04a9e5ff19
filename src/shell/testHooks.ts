// Test-only hooks, installed only with ?e2eHooks=1: lets the browser tests
// raise notifications without a backend, and set alert rules in the worker
// (as the rules dialog would) so an alert fires at once.
import type { AlertRulesResult } from "../../workers/contract/alerts";
import type { NotificationKind } from "../../workers/contract/telemetryApi";
import { NOTIFICATION_TEXTS } from "../state/notificationQueue";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { notify } from "./notifications/notificationCenter";

export function installTestHooks(search: string, client: TelemetryClient): void {
  if (new URLSearchParams(search).get("e2eHooks") !== "1") return;
  (window as Window & { heliosTest?: unknown }).heliosTest = {
    notify: (kind: NotificationKind) => notify(NOTIFICATION_TEXTS[kind]),
    setAlertRules: (file: unknown): Promise<AlertRulesResult> => client.api.setAlertRules(file),
  };
}
