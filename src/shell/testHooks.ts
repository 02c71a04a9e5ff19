// Test-only hooks, installed only with ?e2eHooks=1: lets the browser tests
// raise notifications without a backend.
import type { NotificationKind } from "../../workers/contract/telemetryApi";
import { NOTIFICATION_TEXTS } from "../state/notificationQueue";
import { notify } from "./notifications/notificationCenter";

export function installTestHooks(search: string): void {
  if (new URLSearchParams(search).get("e2eHooks") !== "1") return;
  (window as Window & { heliosTest?: unknown }).heliosTest = {
    notify: (kind: NotificationKind) => notify(NOTIFICATION_TEXTS[kind]),
  };
}
