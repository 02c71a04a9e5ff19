import { describe, expect, it } from "vitest";
import {
  NOTIFICATION_TEXTS,
  NotificationQueue,
  type Notification,
} from "../../src/state/notificationQueue";
import type { NotificationKind } from "../../workers/contract/telemetryApi";

const note = (id: number): Notification => ({ id: `n${id}`, ...NOTIFICATION_TEXTS.lapComplete });

describe("notification queue", () => {
  it("has a text for exactly the kinds the worker's contract defines", () => {
    const kinds = ["lapComplete", "carConnect", "carDisconnect"] satisfies NotificationKind[];
    expect(Object.keys(NOTIFICATION_TEXTS).sort()).toEqual([...kinds].sort());
  });

  it("shows at most 5 and queues the rest in order instead of dropping them", () => {
    const queue = new NotificationQueue();
    const shown = [1, 2, 3, 4, 5, 6, 7].map((i) => queue.push(note(i)));
    expect(shown.filter(Boolean)).toHaveLength(5);
    expect(shown[5]).toBeNull();
    expect(queue.waitingCount).toBe(2);
    expect(queue.closed("n1")?.id).toBe("n6");
    expect(queue.closed("n2")?.id).toBe("n7");
    expect(queue.closed("n3")).toBeNull();
    expect(queue.visibleCount).toBe(4);
  });

  it("ignores closing a notification it does not show", () => {
    const queue = new NotificationQueue(1);
    queue.push(note(1));
    queue.push(note(2));
    expect(queue.closed("n2")).toBeNull();
    expect(queue.visibleCount).toBe(1);
  });

  it("has the spec's texts and colours", () => {
    expect(NOTIFICATION_TEXTS.lapComplete).toEqual({
      title: "Lap Completion",
      message: "A lap has been completed!",
      intent: "success",
    });
    expect(NOTIFICATION_TEXTS.carDisconnect).toMatchObject({
      title: "Connection Lost",
      message: "Car has disconnected!",
      intent: "danger",
    });
    expect(NOTIFICATION_TEXTS.carConnect).toMatchObject({
      title: "Connection Restored",
      message: "Car has reconnected!",
      intent: "none",
    });
  });
});
