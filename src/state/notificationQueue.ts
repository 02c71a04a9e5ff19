// At most 5 notifications on screen; the rest wait in order and appear as
// shown ones close. (Blueprint's own `maxToasts` drops the oldest instead.)
// Pure: the toaster adapter calls `push` and `closed` and shows what they return.
import type { Intent } from "@blueprintjs/core";
import type { NotificationKind } from "../../workers/contract/telemetryApi";

const NOTIFICATION_LIMIT = 5;
export const NOTIFICATION_TIMEOUT_MS = 4000;

/** A button on a toast (an alert's "Acknowledge", "Mute 15 min"). */
interface NotificationAction {
  text: string;
  onClick: () => void;
}

export interface Notification {
  id: string;
  title: string;
  message: string;
  intent: Intent;
  actions?: NotificationAction[];
}

/** The spec's three notifications (§8): their texts, written only here. */
export const NOTIFICATION_TEXTS: Record<NotificationKind, Omit<Notification, "id">> = {
  lapComplete: { title: "Lap Completion", message: "A lap has been completed!", intent: "success" },
  carDisconnect: { title: "Connection Lost", message: "Car has disconnected!", intent: "danger" },
  carConnect: { title: "Connection Restored", message: "Car has reconnected!", intent: "none" },
};

export class NotificationQueue {
  private readonly visible = new Set<string>();
  private readonly waiting: Notification[] = [];

  constructor(private readonly limit = NOTIFICATION_LIMIT) {}

  get visibleCount(): number {
    return this.visible.size;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Returns the notification if it may be shown now, else queues it and returns null. */
  push(notification: Notification): Notification | null {
    if (this.visible.size < this.limit) {
      this.visible.add(notification.id);
      return notification;
    }
    this.waiting.push(notification);
    return null;
  }

  /** Where a notification is: on screen, waiting (then its content is replaced), or gone. */
  update(notification: Notification): "visible" | "waiting" | "gone" {
    if (this.visible.has(notification.id)) return "visible";
    const index = this.waiting.findIndex((n) => n.id === notification.id);
    if (index < 0) return "gone";
    this.waiting[index] = notification;
    return "waiting";
  }

  /** A shown notification closed; returns the next one to show, if any. */
  closed(id: string): Notification | null {
    if (!this.visible.delete(id)) return null;
    const next = this.waiting.shift();
    if (!next) return null;
    this.visible.add(next.id);
    return next;
  }
}
