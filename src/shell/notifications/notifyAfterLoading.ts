// Startup warnings (bad saved settings) would be hidden under the loading
// screen and auto-close before it goes; show them once the screen is removed.
import { subscribe } from "valtio";
import type { Notification } from "../../state/notificationQueue";
import { appState } from "../../state/appState";
import { notify } from "./notificationCenter";

export function notifyAfterLoading(notifications: Omit<Notification, "id">[]): void {
  if (notifications.length === 0) return;
  const unsubscribe = subscribe(appState, () => {
    if (appState.displayLoading) return;
    unsubscribe();
    for (const notification of notifications) notify(notification);
  });
}
