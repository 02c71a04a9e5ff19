// One place that anything in the page can notify through. It queues past the
// on-screen limit and hands what may be shown to the mounted toaster.
import type { Notification } from "../../state/notificationQueue";
import { NotificationQueue } from "../../state/notificationQueue";

type Show = (notification: Notification) => void;

let nextId = 0;
const queue = new NotificationQueue();
const beforeToaster: Notification[] = [];
let show: Show | null = null;

export function notify(content: Omit<Notification, "id">): void {
  notifyWithId({ ...content, id: `note-${++nextId}` });
}

/**
 * Change a notification in place (same id): on screen it is redrawn, waiting
 * it shows the new content when its turn comes. Returns false when it is gone.
 */
export function updateNotification(notification: Notification): boolean {
  const where = queue.update(notification);
  if (where === "visible") show?.(notification);
  return where !== "gone";
}

/** Raise a notification with a chosen id (so it can be updated later). */
export function notifyWithId(notification: Notification): void {
  const now = queue.push(notification);
  if (!now) return;
  if (show) show(notification);
  else beforeToaster.push(notification);
}

/** The toaster calls this when a toast closed (timeout or user). */
export function notificationClosed(id: string): void {
  const next = queue.closed(id);
  if (next) show?.(next);
}

/** The toaster registers itself; notifications raised before it mounted show now. */
export function attachToaster(showToast: Show): () => void {
  show = showToast;
  for (const notification of beforeToaster.splice(0)) showToast(notification);
  return () => {
    if (show === showToast) show = null;
  };
}
