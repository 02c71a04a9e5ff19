// Issue 34: active alerts and the log belong to the history they came from.
// The live alerts are recorded with the session, come back after a reload
// (a new core on the same database) as they were, and a replay of the
// session shows those recorded alerts, or the current rules evaluated over
// it; an import evaluates its own, and nothing of it is announced.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import type { AlertEntry, AlertRule } from "../../workers/contract/alerts";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import type { SessionEvent } from "../../workers/contract/events";
import { SessionDb } from "../../workers/shared/storage/SessionDb";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { AlertLog } from "../../workers/telemetry/alerts/AlertLog";
import { compileRules } from "../../workers/telemetry/alerts/compile";
import { evaluateSession } from "../../workers/telemetry/alerts/evaluateAlerts";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { manualTimers } from "./manualTimers";
import { rule } from "./alertsKit";
import { oldBackend } from "./backendKit";
import { exportText, storeOf, T0 as CSV_T0 } from "./csv-helpers";
import { settle } from "./sessionsKit";
import { LAYOUT } from "../../workers/telemetry/features";

const START_MS = 1_795_000_000_000;
const T = START_MS / 1000;

/** Rules on the packets' own clock, so the demo's data cannot change when they hold. */
const window = (id: string, lo: number, hi: number, severity: AlertRule["severity"]) =>
  rule({
    id,
    subject: "TimeStamp",
    condition: { kind: "inside", lo: T + lo, hi: T + hi },
    severity,
  });
const RULES = [window("early", 2, 5, "warning"), window("late", 8, 25, "critical")];
const rulesFile = (rules: AlertRule[]) => ({ format: "helios-alert-rules", version: 1, rules });

async function demo(factory: IDBFactory, timers: ReturnType<typeof manualTimers>["timers"]) {
  const events: WorkerEvent[] = [];
  const core = new TelemetryCore({ timers, indexedDB: factory, storage: null, demoSeed: 5 });
  const service = new TelemetryService(core);
  service.start(
    { connectToBackend: false, demoRate: 10, historyCapacity: 5000 },
    (batch) => void events.push(...batch),
  );
  expect((await service.setAlertRules(rulesFile(RULES))).ok).toBe(true);
  return { service, events, core };
}

async function run(tick: (ms: number) => void, seconds: number) {
  for (let i = 0; i < seconds; i++) {
    tick(1000);
    await settle();
  }
}

/** What the log says of each alert, seq aside (a log's numbering is its own). */
const brief = (a: AlertEntry) => ({
  ruleId: a.ruleId,
  severity: a.severity,
  start: a.start,
  end: a.end,
  peak: a.peak,
  acknowledged: a.acknowledged,
});

const WAIT = { timeout: 4000, interval: 20 };

const announced = (events: WorkerEvent[]) => events.filter((e) => e.type === "alerts");

/** A first page records 22 s with the early alert acknowledged and the late one active, then reloads. */
async function recordThenReload() {
  const factory = new IDBFactory();
  const { timers, tick } = manualTimers(START_MS);
  const first = await demo(factory, timers);
  await first.service.whenRestored();
  await run(tick, 20);
  const early = first.service.alerts().log.find((a) => a.ruleId === "early")!;
  first.service.acknowledgeAlerts([early.seq]);
  await run(tick, 2);
  const before = first.service.alerts();
  const [recorded] = await first.service.listSessions();
  first.service.stop(); // the reload
  await settle();
  const second = await demo(factory, timers);
  await second.service.whenRestored();
  return { before, recorded: recorded!, second, tick };
}

describe("alerts recorded with the session", () => {
  it("come back after a reload as they were, without a toast; an active one ends with live data", async () => {
    const { before, second, tick } = await recordThenReload();
    expect(before.log.map(brief)).toEqual([
      expect.objectContaining({ ruleId: "early", acknowledged: true, end: expect.any(Number) }),
      expect.objectContaining({ ruleId: "late", acknowledged: false, end: null }),
    ]);
    const after = second.service.alerts();
    expect(after.log.map(brief)).toEqual(before.log.map(brief));
    expect(after.active.map((a) => a.ruleId)).toEqual(["late"]);
    expect(second.service.snapshot(0).alerts.active.critical).toBe(1);
    // The late window ends at T + 25 s: live data ends the restored alert, once.
    await run(tick, 6);
    const ended = second.service.alerts();
    expect(ended.active).toEqual([]);
    expect(ended.log.map((a) => a.ruleId)).toEqual(["early", "late"]);
    expect(ended.log[1]!.start).toBe(before.log[1]!.start);
    expect(ended.log[1]!.end).toBeGreaterThanOrEqual(T + 25);
    expect(ended.log[1]!.end).toBeLessThan(T + 25.2);
    // Restored, not new: no toast for it, during the restore or after.
    expect(announced(second.events)).toEqual([]);
    second.service.stop();
  });

  it("a replay of the session shows the alerts recorded then, or the current rules evaluated over it", async () => {
    const { before, recorded, second, tick } = await recordThenReload();
    const { service, events } = second;
    await run(tick, 6); // live: the restored late alert ends (recorded with the new session)
    const live = service.alerts();
    expect(live.log.map((a) => [a.ruleId, a.end === null])).toEqual([
      ["early", false],
      ["late", false],
    ]);

    service.startReplay({ kind: "session", sessionId: recorded.id });
    await vi.waitFor(() => expect(service.alerts().origin).toBe("recorded"), WAIT);
    // As recorded: the late alert was still active when that session ended.
    const replayed = service.alerts();
    expect(replayed.log.map(brief)).toEqual(before.log.map(brief));
    expect(service.snapshot(0).alerts.origin).toBe("recorded");
    expect(service.alertLogCsv().trimEnd().split("\n")).toHaveLength(3);
    // Active as the playback clock sees it.
    await service.seek(T + 3);
    expect(service.alerts().active.map((a) => [a.ruleId, a.end])).toEqual([["early", null]]);
    expect(service.snapshot(0).alerts.active).toEqual({ info: 0, warning: 1, critical: 0 });
    await service.seek(T + 9);
    expect(service.alerts().active.map((a) => a.ruleId)).toEqual(["late"]);
    expect(service.snapshot(0).alerts.unacknowledgedCritical).toBe(1);

    // The current rules (one more) evaluated over the whole session, and back.
    const mid = window("mid", 10, 12, "info");
    expect((await service.setAlertRules(rulesFile([...RULES, mid]))).ok).toBe(true);
    expect(service.alerts().origin).toBe("recorded");
    await service.setReplayAlerts("evaluated");
    const evaluated = service.alerts();
    expect(evaluated.origin).toBe("evaluated");
    expect(evaluated.log.map((a) => [a.ruleId, a.end === null])).toEqual([
      ["early", false],
      ["late", true],
      ["mid", false],
    ]);
    expect(evaluated.log[0]!.start).toBeCloseTo(before.log[0]!.start, 2);
    expect(evaluated.log[1]!.start).toBeCloseTo(before.log[1]!.start, 2);
    expect(evaluated.log[2]!.start).toBeGreaterThanOrEqual(T + 10);
    expect(evaluated.log[2]!.end).toBeLessThan(T + 12.2);
    expect(service.snapshot(0).alerts.origin).toBe("evaluated");
    await service.setReplayAlerts("recorded");
    expect(service.alerts().log.map(brief)).toEqual(before.log.map(brief));

    // A local range over that session: the alerts recorded within it.
    service.startReplay({ kind: "range", source: "local", from: T + 1, to: T + 15 });
    await vi.waitFor(() => expect(service.snapshot(0).playback.loading).toBeNull(), WAIT);
    await vi.waitFor(() => expect(service.alerts().log).toHaveLength(2), WAIT);
    expect(service.alerts().origin).toBe("recorded");
    expect(service.alerts().log.map(brief)).toEqual(before.log.map(brief));

    // Live went on meanwhile, and is shown again when playback ends.
    service.setPlayback(false);
    expect(service.alerts().origin).toBe("live");
    expect(service.alerts().log.map(brief)).toEqual(live.log.map(brief));
    // A replay's alerts are never announced.
    expect(announced(events)).toEqual([]);
    service.stop();
  });
});

describe("a session evaluated a span at a time", () => {
  it("gives the log one read would: an alert across two spans is one alert", async () => {
    const { recorded, second } = await recordThenReload();
    const sessions = second.core.sessions!;
    const logOf = async (spanSeconds: number) => {
      const log = new AlertLog();
      const { firstPacketTime: first, lastPacketTime: last } = recorded;
      const signal = new AbortController().signal;
      await evaluateSession(
        sessions,
        recorded.id,
        first,
        last,
        compileRules(RULES, LAYOUT),
        log.onEvent,
        signal,
        LAYOUT,
        spanSeconds,
      );
      return log.read(last).log.map((a) => [a.ruleId, a.start, a.end]);
    };
    const whole = await logOf(600);
    expect(whole.map(([id, , end]) => [id, end === null])).toEqual([
      ["early", false],
      ["late", true],
    ]);
    // Spans of 1.5 s: every alert crosses several, and chunks come twice at their edges.
    expect(await logOf(1.5)).toEqual(whole);
    second.service.stop();
  });
});

describe("a storm of alerts", () => {
  it("is written with the recorder's flushes, one write a second, not one per alert", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers(START_MS);
    const writes: SessionEvent[][] = [];
    const service = new TelemetryService({
      timers,
      storage: null,
      demoSeed: 5,
      sessionStore: async (layout) => {
        const db = await SessionDb.open(factory, layout);
        const append = db.appendEvents.bind(db);
        db.appendEvents = (id, events) => {
          writes.push([...events]);
          return append(id, events);
        };
        return db;
      },
    });
    service.start({ connectToBackend: false, demoRate: 10 }, () => undefined);
    // 40 flags at once: each starts at one packet and ends at another.
    const storm = Array.from({ length: 40 }, (_, i) => window(`flag-${i}`, 2, 5, "critical"));
    expect((await service.setAlertRules(rulesFile(storm))).ok).toBe(true);
    await service.whenRestored();
    await run(tick, 7);
    const alertWrites = writes.filter((w) => w.some((e) => e.kind === "alert"));
    expect(alertWrites.flat().map((e) => e.kind)).toEqual(Array(80).fill("alert"));
    expect(alertWrites).toHaveLength(2);
    service.stop();
  });
});

describe("a replay with nothing recorded (an import, a backend range)", () => {
  it("an import: the current rules evaluated over the file, without a toast, beside the live ones", async () => {
    const { timers } = manualTimers(START_MS);
    const events: WorkerEvent[] = [];
    const service = new TelemetryService({ timers, indexedDB: null, storage: null });
    service.start({ connectToBackend: false }, (batch) => void events.push(...batch));
    const high = rule({
      id: "high",
      subject: "Battery.PackVoltage",
      condition: { kind: "above", limit: 101 },
      severity: "critical",
    });
    expect((await service.setAlertRules(rulesFile([high]))).ok).toBe(true);
    // PackVoltage 100 + 0.1234 i: above 101 from row 9 on.
    const report = await service.importCsv(new Blob([exportText(storeOf(20))]), "run.csv");
    expect(report.ok).toBe(true);
    await vi.waitFor(() => expect(service.alerts().log).toHaveLength(1), WAIT);
    const state = service.alerts();
    expect(state.origin).toBe("evaluated");
    expect(state.log.map((a) => [a.ruleId, a.start, a.end])).toEqual([
      ["high", CSV_T0 + 9 * 0.25, null],
    ]);
    // The clock stands at the file's end: the alert is active there.
    expect(service.snapshot(0).alerts.active.critical).toBe(1);
    // "Recorded" has nothing to show for a file: its evaluated log stays.
    await service.setReplayAlerts("recorded");
    expect(service.alerts().origin).toBe("evaluated");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(announced(events)).toEqual([]);
    service.setPlayback(false);
    expect(service.alerts()).toMatchObject({ origin: "live", log: [] });
    service.stop();
  });

  it("a backend range has nothing recorded either: its own evaluated log, without a toast", async () => {
    const times = Array.from({ length: 10 }, (_, i) => CSV_T0 + i);
    const events: WorkerEvent[] = [];
    const service = new TelemetryService({
      fetchImpl: oldBackend(times, 4).impl,
      indexedDB: null,
      storage: null,
    });
    service.start(
      { connectToBackend: false, backendUrl: "http://backend" },
      (batch) => void events.push(...batch),
    );
    const high = rule({
      id: "high",
      subject: "Battery.PackVoltage",
      condition: { kind: "above", limit: 104.5 },
    });
    expect((await service.setAlertRules(rulesFile([high]))).ok).toBe(true);
    // PackVoltage 100 + i V at second i: above 104.5 from the 5th second on.
    service.startReplay({ kind: "range", from: times[0]!, to: times[9]!, source: "backend" });
    await vi.waitFor(() => expect(service.alerts().log).toHaveLength(1), WAIT);
    const state = service.alerts();
    expect(state.origin).toBe("evaluated");
    expect(state.log.map((a) => [a.ruleId, a.start, a.end])).toEqual([["high", CSV_T0 + 5, null]]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(announced(events)).toEqual([]);
    service.stop();
  });
});
