// Issue 34: the alerts stage's state over a history: rules replayed over a
// stored history give what ingest gave, system subjects reported from
// outside, rules changed mid-stream, and a state that does not grow.
import { describe, expect, it } from "vitest";
import type { StageEvent } from "../../workers/telemetry/pipeline/Stage";
import { AlertLog } from "../../workers/telemetry/alerts/AlertLog";
import { feedSystem } from "../../workers/telemetry/alerts/alertsStage";
import { setRules } from "../../workers/telemetry/alerts/ruleChange";
import { alertHistory, rule } from "./alertsKit";

const hot = rule({
  id: "hot",
  subject: "Battery.HighTemperature",
  condition: { kind: "above", limit: 50 },
});

describe("the alerts stage over a history", () => {
  it("a replay of the stored history raises the alerts ingest raised (it loads the rules' fields)", async () => {
    const h = alertHistory([
      hot,
      rule({ id: "trip", subject: "MBMS.EsdEnabledTrip", condition: { kind: "rising" } }),
    ]);
    for (let i = 0; i < 40; i++)
      h.feed(i, (p) => {
        p.Battery.HighTemperature = i % 10 < 3 ? 60 + i : 20;
        p.MBMS.EsdEnabledTrip = i % 7 === 3;
      });
    const live = h.events.map((e) => `${e.ruleId} ${e.phase} ${e.start} ${e.peak}`);
    expect(live.length).toBeGreaterThan(10);
    const replayed: StageEvent[] = [];
    await h.store.pipeline.replay({ sink: (e) => void replayed.push(e) });
    expect(
      replayed.map((e) => {
        const p = e.payload as (typeof h.events)[number];
        return `${p.ruleId} ${p.phase} ${p.start} ${p.peak}`;
      }),
    ).toEqual(live);
  });

  it("keeps the state of rules kept as they were, and ends the alerts of rules changed or removed", () => {
    const other = rule({
      id: "flat",
      subject: "Battery.PackStateOfCharge",
      condition: { kind: "below", limit: 20 },
    });
    const h = alertHistory([hot, other]);
    h.feed(0, (p) => void (p.Battery.HighTemperature = 60));
    expect(h.starts().map((e) => e.ruleId)).toEqual(["hot", "flat"]);
    const emitted: StageEvent[] = [];
    setRules(
      h.state,
      [hot, { ...other, condition: { kind: "below", limit: 10 } }],
      (e) => void emitted.push(e),
    );
    expect(emitted.map((e) => (e.payload as { ruleId: string; phase: string }).ruleId)).toEqual([
      "flat",
    ]);
    expect(emitted[0]!.time).toBe(h.starts()[0]!.start); // ended at the newest packet's time
    h.feed(1, (p) => void (p.Battery.HighTemperature = 61));
    // "hot" went on (no second start); the changed rule starts afresh.
    expect(h.starts().map((e) => e.ruleId)).toEqual(["hot", "flat", "flat"]);
  });

  it("checks system subjects when they are reported, on the clock they come with", () => {
    const h = alertHistory([
      rule({
        id: "link",
        subject: "System.SourceLink",
        condition: { kind: "equals", value: false },
        severity: "critical",
        message: "Socket or radio link lost",
      }),
      rule({
        id: "age",
        subject: "System.PacketAge",
        condition: { kind: "above", limit: 5 },
        message: "No packets for {value} {unit}",
      }),
    ]);
    const emit = (e: StageEvent) => h.log.onEvent(e);
    feedSystem(h.state, "System.SourceLink", NaN, 100, emit); // never up: not lost
    feedSystem(h.state, "System.SourceLink", 1, 101, emit);
    feedSystem(h.state, "System.PacketAge", 5.5, 102, emit);
    feedSystem(h.state, "System.SourceLink", 0, 103, emit);
    const { active } = h.log.read(104);
    expect(active.map((a) => [a.ruleId, a.start, a.message])).toEqual([
      ["age", 102, "No packets for 5.5 s"],
      ["link", 103, "Socket or radio link lost"],
    ]);
    // Rules removed: their alerts end at the newest report's time, not a packet's.
    h.feed(50);
    setRules(h.state, [], emit);
    expect(h.log.read(104).log.map((a) => [a.ruleId, a.end])).toEqual([
      ["age", 103],
      ["link", 103],
    ]);
  });

  it("does not grow with the history", () => {
    const h = alertHistory([hot]);
    const sizes = () =>
      Object.values(h.state).map((v) => (ArrayBuffer.isView(v) ? v.byteLength : 0));
    h.feed(0);
    const before = sizes();
    for (let i = 1; i < 2000; i++)
      h.feed(i * 0.1, (p) => void (p.Battery.HighTemperature = i % 2 ? 60 : 20));
    expect(sizes()).toEqual(before);
    expect(h.starts()).toHaveLength(1000);
  });

  it("keeps the log to its cap but never drops an active alert", () => {
    const small = new AlertLog(5);
    const event = (ruleId: string, phase: "start" | "end", start: number): StageEvent => ({
      kind: "alert",
      time: start,
      payload: {
        ...{
          phase,
          ruleId,
          subject: "Battery.HighTemperature",
          label: "Highest Battery Temperature",
        },
        ...{ unit: "°C", severity: "warning", start, end: phase === "end" ? start + 1 : null },
        ...{ value: 60, peak: 60, limit: 50, template: "hot", bitNames: null, mask: 0xffffffff },
      },
    });
    small.onEvent(event("held", "start", 0));
    for (let i = 1; i <= 9; i++) {
      small.onEvent(event(`r${i}`, "start", i));
      small.onEvent(event(`r${i}`, "end", i));
    }
    const read = small.read(20);
    expect(read.log.map((e) => e.ruleId)).toEqual(["held", "r5", "r6", "r7", "r8", "r9"]);
    expect(read.active.map((a) => [a.ruleId, a.duration])).toEqual([["held", 20]]);
    expect(read.dropped).toBe(4);
    small.acknowledge([read.log[1]!.seq]);
    expect(
      small
        .read(20)
        .log.filter((e) => e.acknowledged)
        .map((e) => e.ruleId),
    ).toEqual(["r5"]);
    small.acknowledge();
    expect(small.read(20).log.every((e) => e.acknowledged)).toBe(true);
  });
});
