// Test-only hooks, installed only with ?e2eHooks=1: lets the browser tests
// raise notifications without a backend, and set alert rules through the
// worker's API (as the rules dialog will) once the telemetry client exists.
import type { NotificationKind } from "../../workers/contract/telemetryApi";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { NOTIFICATION_TEXTS } from "../state/notificationQueue";
import { notify } from "./notifications/notificationCenter";

export function installTestHooks(search: string, client?: TelemetryClient): void {
  if (new URLSearchParams(search).get("e2eHooks") !== "1") return;
  (window as Window & { heliosTest?: unknown }).heliosTest = {
    notify: (kind: NotificationKind) => notify(NOTIFICATION_TEXTS[kind]),
    setAlertRules: (file: unknown) => client?.api.setAlertRules(file),
  };
}
