// Lap toasts that never fall behind: the backend can send several laps a
// second (a car parked at the geofence). A lap within the lifetime of the
// current lap toast (4 s) updates that toast ("3 laps completed") instead of
// queueing another one behind it.
import {
  NOTIFICATION_TEXTS,
  NOTIFICATION_TIMEOUT_MS,
  type Notification,
} from "../../state/notificationQueue";

export interface LapToastSink {
  /** Show a new toast. */
  show(notification: Notification): void;
  /** Update the toast with this id; false when it is gone already. */
  update(notification: Notification): boolean;
}

function lapToastText(count: number): Omit<Notification, "id"> {
  const base = NOTIFICATION_TEXTS.lapComplete;
  return count <= 1 ? base : { ...base, message: `${count} laps completed` };
}

export class LapToasts {
  private current: { id: string; count: number; shownAt: number } | null = null;
  private next = 0;

  constructor(
    private readonly sink: LapToastSink,
    private readonly now: () => number = () => Date.now(),
    private readonly lifetimeMs = NOTIFICATION_TIMEOUT_MS,
  ) {}

  lap(): void {
    const now = this.now();
    const current = this.current;
    if (current && now - current.shownAt < this.lifetimeMs) {
      current.count++;
      if (this.sink.update({ ...lapToastText(current.count), id: current.id })) return;
    }
    this.current = { id: `lap-toast-${++this.next}`, count: 1, shownAt: now };
    this.sink.show({ ...lapToastText(1), id: this.current.id });
  }
}
