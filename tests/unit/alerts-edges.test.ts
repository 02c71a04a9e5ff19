// The alerts stage visits its rising-edge rules only for the flags that
// changed, once none of them waits out a duration (alertsStage.ts stepEdges).
// That must change nothing a user sees: over packets whose flags stand
// still for long stretches and flip now and then, every rise starts an alert
// and every fall ends it, exactly as the rule says, also across a long still
// stretch with an alert active and after the rules are set again.
import { describe, expect, it } from "vitest";
import { FIELD_CATALOG } from "../../workers/telemetry/schema/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import type { AlertEventPayload } from "../../workers/telemetry/alerts/alertsStage";
import { alertHistory, rule, T0 } from "./alertsKit";

const FLAGS = FIELD_CATALOG.filter(
  (info) => info.type === "boolean" && info.path.startsWith("BatteryFaults."),
)
  .slice(0, 6)
  .map((info) => info.path);

const setFlag = (p: TelemetryPacket, path: string, on: boolean) => {
  const keys = path.split(".");
  const parent = keys
    .slice(0, -1)
    .reduce((node, key) => (node as Record<string, unknown>)[key], p as unknown) as Record<
    string,
    unknown
  >;
  parent[keys.at(-1)!] = on;
};

/** A seeded walk of the flags: long still stretches, a flip now and then. */
function flagWalk(packets: number, seed: number): boolean[][] {
  let x = seed;
  const next = () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const on = FLAGS.map(() => false);
  return Array.from({ length: packets }, () => {
    if (next() < 0.05) {
      const k = Math.floor(next() * FLAGS.length);
      on[k] = !on[k];
    }
    return [...on];
  });
}

/** What a rising rule says of one flag's values: a start at each rise (or up at first), an end at each fall. */
function expected(values: readonly boolean[]): string[] {
  const out: string[] = [];
  values.forEach((on, i) => {
    const before = i > 0 ? values[i - 1] : false;
    if (on && !before) out.push(`start@${i}`);
    if (!on && before) out.push(`end@${i}`);
  });
  return out;
}

describe("the alerts' rising edges while the flags stand still", () => {
  it("start and end as each flag says, whatever the stretches between", () => {
    expect(FLAGS.length).toBe(6);
    for (const seed of [1, 2, 3]) {
      const h = alertHistory(
        FLAGS.map((subject, k) => rule({ id: `edge${k}`, subject, condition: { kind: "rising" } })),
      );
      const walk = flagWalk(600, seed);
      walk.forEach((row, i) =>
        h.feed(i, (p) => FLAGS.forEach((path, k) => setFlag(p, path, row[k]!))),
      );
      FLAGS.forEach((_, k) => {
        // Packet i is at T0 + i seconds.
        const seen = h.events
          .filter((e) => e.ruleId === `edge${k}`)
          .map((e) => `${e.phase}@${(e.phase === "start" ? e.start : e.end!) - T0}`);
        expect(seen, `seed ${seed}, ${FLAGS[k]}`).toEqual(expected(walk.map((row) => row[k]!)));
      });
    }
  });

  it("a flag up at the first packet, and up again after the rules are set again", async () => {
    const rules = [rule({ id: "edge", subject: FLAGS[0]!, condition: { kind: "rising" } })];
    const h = alertHistory(rules);
    for (let i = 0; i < 50; i++) h.feed(i, (p) => setFlag(p, FLAGS[0]!, true));
    expect(h.events.map((e) => e.phase)).toEqual(["start"]);
    for (let i = 50; i < 100; i++) h.feed(i, (p) => setFlag(p, FLAGS[0]!, false));
    expect(h.events.map((e) => e.phase)).toEqual(["start", "end"]);
    // New rules (a fresh state): the flag, down all along, rises once more.
    const { setRules } = await import("../../workers/telemetry/alerts/ruleChange");
    setRules(h.state, [{ ...rules[0]!, message: "again" }], () => {});
    for (let i = 100; i < 150; i++) h.feed(i, (p) => setFlag(p, FLAGS[0]!, i >= 140));
    expect(h.events.map((e) => e.phase)).toEqual(["start", "end", "start"]);
    expect(h.events[2]!.start - h.events[0]!.start).toBe(140);
  });

  it("an edge that must hold for a while starts once it has, though the flags stood still meanwhile", () => {
    const h = alertHistory([
      rule({ id: "slow", subject: FLAGS[1]!, condition: { kind: "rising" }, forSeconds: 10 }),
    ]);
    for (let i = 0; i < 40; i++) h.feed(i, (p) => setFlag(p, FLAGS[1]!, i >= 5 && i < 30));
    expect(
      h.events.map((e) => `${e.phase}@${(e.phase === "start" ? e.start : e.end!) - T0}`),
    ).toEqual(["start@15", "end@30"]);
  });
});

describe("the alerts' rising edges in a flag storm", () => {
  // Flags from every word of the packed booleans, some watched by two rules,
  // one waiting out a duration: with the edges settled, the stage visits only
  // the flags that changed (stepChangedEdges), and must find what visiting
  // every edge rule on every packet finds.
  const flags = FIELD_CATALOG.filter((info) => info.type === "boolean").map((info) => info.path);
  const watched = flags.filter((_, i) => i % 7 === 0);
  const rules = () => [
    ...watched.map((subject, k) => rule({ id: `e${k}`, subject, condition: { kind: "rising" } })),
    rule({ id: "twice", subject: watched[3]!, condition: { kind: "rising" } }),
    rule({ id: "slow", subject: watched[5]!, condition: { kind: "rising" }, forSeconds: 3 }),
  ];

  it("starts and ends the same alerts as checking every edge rule on every packet", () => {
    expect(new Set(watched.map((path) => flags.indexOf(path) >>> 5)).size).toBeGreaterThan(2);
    const changedOnly = alertHistory(rules());
    const everyRule = alertHistory(rules());
    let x = 7;
    const next = () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const on = new Map(watched.map((path) => [path, false]));
    for (let i = 0; i < 400; i++) {
      // Stretches of storm (each flag flips with chance ½) and of calm.
      const storm = Math.floor(i / 50) % 2 === 0;
      for (const path of watched) if (next() < (storm ? 0.5 : 0.02)) on.set(path, !on.get(path));
      const edit = (p: TelemetryPacket) => on.forEach((v, path) => setFlag(p, path, v));
      changedOnly.feed(i, edit);
      everyRule.state.edgesSettled = 0; // never settled: every edge rule is checked
      everyRule.feed(i, edit);
    }
    const key = (e: AlertEventPayload) => `${e.ruleId} ${e.phase} ${e.start} ${e.end}`;
    const seen = changedOnly.events.map(key).sort();
    expect(seen.length).toBeGreaterThan(500);
    expect(seen).toEqual(everyRule.events.map(key).sort());
    expect(seen.some((k) => k.startsWith("slow start"))).toBe(true);
    expect(seen.some((k) => k.startsWith("twice end"))).toBe(true);
  });
});
