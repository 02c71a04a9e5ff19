// The window's event batches: a storm of alerts over many packets reaches the
// UI as one "alerts" event of at most 20 entries and a count of the rest,
// while other events keep their order and all arrive.
import { describe, expect, it } from "vitest";
import type { AlertEntry } from "../../workers/contract/alerts";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { EventBatcher } from "../../workers/telemetry/service/EventBatcher";
import { manualTimers } from "./manualTimers";

const entry = (seq: number) => ({ seq, ruleId: `r${seq}` }) as AlertEntry;

describe("EventBatcher", () => {
  it("merges a batch's started alerts into one event: 20 entries, the rest counted", () => {
    const { timers, tick } = manualTimers();
    const batches: WorkerEvent[][] = [];
    const batcher = new EventBatcher(timers, 80);
    batcher.setListener((events) => batches.push(events));
    batcher.push({ type: "notification", kind: "lapComplete" });
    tick(1); // the first event goes at once
    // 100 packets within one batch period, 3 alerts each, one of them with 5 more counted.
    for (let p = 0; p < 100; p++)
      batcher.push({
        type: "alerts",
        started: [entry(3 * p), entry(3 * p + 1), entry(3 * p + 2)],
        omitted: p === 50 ? 5 : 0,
      });
    batcher.push({ type: "notification", kind: "carConnect" });
    tick(100);
    expect(batches).toHaveLength(2);
    const [alerts, after] = batches[1]!;
    expect(alerts).toMatchObject({ type: "alerts", omitted: 300 - 20 + 5 });
    expect(alerts!.type === "alerts" && alerts!.started.map((a) => a.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
    expect(after).toEqual({ type: "notification", kind: "carConnect" });
  });
});
