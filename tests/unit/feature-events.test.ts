// A registered feature's session events, read back after a reload or by a
// replay, are checked with the zod schema the feature declares (Feature.events)
// where the telemetry worker hands them over (pipeline/declaredEvents.ts): a
// damaged or foreign event of each feature kind is dropped, never thrown, and
// a good one is kept, an older build's included. The store knows no feature
// and hands these kinds out as stored.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import type { SessionEvent } from "../../workers/contract/events";
import { FEATURES } from "../../workers/telemetry/features";
import type {
  Feature,
  LivePart,
  ReplayContext,
  ReplayLoad,
  ReplayPart,
} from "../../workers/telemetry/pipeline/Feature";
import { DeclaredEvents } from "../../workers/telemetry/pipeline/declaredEvents";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { manualTimers } from "./manualTimers";
import { settle } from "./sessionsKit";

const START_MS = 1_795_000_000_000;
const T = START_MS / 1000;
const WAIT = { timeout: 4000, interval: 20 };

/** The events' times: off the demo's tenths of a second, so none is the demo's own. */
const E = T + 0.0137;

const alertStart = {
  kind: "alert",
  time: E + 1,
  phase: "start",
  ruleId: "hot",
  subject: "Battery.PackVoltage",
  label: "Pack Voltage",
  unit: "V",
  severity: "critical",
  start: E + 1,
  end: null,
  // No limit and an unknown value: NaN, a number all the same.
  value: NaN,
  peak: NaN,
  limit: NaN,
  template: "{label} {value} {unit}",
  bitNames: null,
  mask: 0xffffffff,
};
const alertEnd = { ...alertStart, time: E + 2, phase: "end", end: E + 2, value: 102, peak: 103 };
const ack = { kind: "alertAck", time: E + 2, alerts: [{ ruleId: "hot", start: E + 1 }] };
/** A forecast as sessions recorded it before emptyAt, stopSocPct and timeZone were kept. */
const oldForecast = {
  kind: "strategy",
  time: E + 3,
  at: E + 3,
  socNowPct: 80,
  endSocPct: 31,
  currentSpeedKmh: 55,
  recommendedKmh: null,
  distanceLeftKm: 240,
  endAt: E + 8 * 3600,
  simulated: true,
};
const forecast = {
  ...oldForecast,
  time: E + 4,
  at: E + 4,
  emptyAt: E + 3600,
  stopSocPct: 5,
  timeZone: "America/Chicago",
};
const channels = {
  kind: "mathChannels",
  time: E + 1,
  channels: [{ name: "NetPower", expression: "1 + 1", unit: "W", description: "" }],
};

/** Good events of every feature kind, an older build's among them. */
const GOOD: SessionEvent[] = [alertStart, alertEnd, ack, oldForecast, forecast, channels];

/** Damaged or foreign events of every feature kind, each at a time of its own. */
const DAMAGED = [
  { ...alertStart, time: E + 5, severity: "fatal" },
  { ...alertStart, time: E + 5.1, end: E + 6 }, // a start that has ended
  { ...alertEnd, time: E + 5.2, end: null }, // an end that has not
  { ...alertStart, time: E + 5.3, start: Infinity },
  { ...alertStart, time: E + 5.4, value: "102" },
  { ...alertStart, time: E + 5.5, bitNames: [1, 2] },
  { kind: "alert", time: E + 5.6, text: "another build's alert" },
  { ...ack, time: E + 6, alerts: [{ ruleId: 7, start: E + 1 }] },
  { ...ack, time: E + 6.1, alerts: "hot" },
  { ...oldForecast, time: E + 7, endSocPct: "31" },
  { ...oldForecast, time: E + 7.1, recommendedKmh: NaN },
  { ...oldForecast, time: E + 7.2, simulated: undefined },
  { ...channels, time: E + 8, channels: [{ name: "NetPower" }] },
  { ...channels, time: E + 8.1, channels: null },
] as unknown as SessionEvent[];

describe("the features' event schemas", () => {
  const declared = new DeclaredEvents(FEATURES);

  it("keep a good event of each feature kind, NaN values and an older build's forecast included", () => {
    const { events, dropped } = declared.check(GOOD);
    expect(dropped).toBe(0);
    expect(events).toEqual(GOOD);
    expect(events[0]).toMatchObject({ value: NaN, limit: NaN });
    // The older forecast reads without the fields it lacks.
    expect(events[3]).not.toHaveProperty("emptyAt");
    expect(events[3]).not.toHaveProperty("timeZone");
  });

  it("drop a damaged or foreign event of each feature kind, and count it", () => {
    expect(declared.check(DAMAGED)).toEqual({ events: [], dropped: DAMAGED.length });
    expect(declared.read({ events: [...DAMAGED, ...GOOD], dropped: 2 })).toEqual({
      events: GOOD,
      dropped: DAMAGED.length + 2,
    });
  });

  it("keep a forecast's optional fields only when well formed", () => {
    const odd = { ...forecast, stopSocPct: 150, timeZone: "Mars/Olympus", emptyAt: "soon" };
    const [kept] = declared.check([odd]).events;
    expect(kept).toEqual({ ...oldForecast, time: E + 4, at: E + 4 });
    expect(kept).not.toHaveProperty("stopSocPct");
  });

  it("hand on a kind no feature declares (the core's laps) as the store read it", () => {
    const lap = { kind: "lap", time: T, lap: { anything: true } };
    const mine = { kind: "constructor", time: T, n: 1 };
    expect(declared.check([lap, mine]).events).toEqual([lap, mine]);
  });

  it("never throw, whatever a payload holds", () => {
    // An own "__proto__" key, as a structured clone can hold one.
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "alerts": []}') as object;
    const events = [
      { ...hostile, kind: "alertAck", time: T },
      { kind: "alert", time: T, phase: { toString: () => "start" } },
      {
        kind: "strategy",
        time: T,
        get at(): number {
          throw new Error("a getter that throws");
        },
      },
    ] as SessionEvent[];
    expect(() => declared.check(events)).not.toThrow();
    expect(declared.check(events).dropped).toBe(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** A feature from tests/ that reads every feature kind back, to see what it is handed. */
const KINDS = ["alert", "alertAck", "strategy", "mathChannels"];

class SpyPart implements LivePart {
  restored: SessionEvent[] = [];
  restore(events: readonly SessionEvent[]): void {
    this.restored.push(...events);
  }
}

/** Each replay part made, newest last. */
const made: SpyReplay[] = [];

class SpyReplay implements ReplayPart {
  read: Promise<SessionEvent[]> | null = null;
  constructor(private readonly context: ReplayContext) {
    made.push(this);
  }
  load(what: ReplayLoad): void {
    if (what.kind !== "session") return;
    const sessions = this.context.sessions();
    this.read = sessions!.sessionEvents(what.id, { kinds: KINDS }).then((r) => r.events);
  }
}

const spyFeature: Feature<SpyPart, SpyReplay> = {
  id: "spy",
  stages: [],
  restores: KINDS,
  replays: KINDS,
  panel: false,
  live: () => new SpyPart(),
  replayPart: (_part, context) => new SpyReplay(context),
  snapshot: (_part, view) => ({ recorded: view.recorded }),
};

function demo(factory: IDBFactory, timers: ReturnType<typeof manualTimers>["timers"]) {
  const features = [...FEATURES, spyFeature as Feature];
  const core = new TelemetryCore({
    timers,
    indexedDB: factory,
    storage: null,
    demoSeed: 5,
    features,
  });
  const service = new TelemetryService(core);
  service.start({ connectToBackend: false, demoRate: 10, historyCapacity: 5000 }, () => {});
  return { service, core };
}

/** Puts raw records into the events store, as a damaged, older or foreign write would. */
async function putRaw(factory: IDBFactory, sessionId: string, events: SessionEvent[]) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open("helios-sessions");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const tx = db.transaction("events", "readwrite");
  events.forEach(({ kind, time, ...payload }, i) =>
    tx.objectStore("events").put({ sessionId, kind, time, seq: 1000 + i, payload }),
  );
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

/** The events of `read` among those put (by kind and time), as handed over. */
const ours = (read: readonly SessionEvent[]) =>
  read.filter((e) => [...GOOD, ...DAMAGED].some((p) => p.kind === e.kind && p.time === e.time));

const byTime = (events: readonly SessionEvent[]) =>
  [...events].sort((a, b) => a.time - b.time || a.kind.localeCompare(b.kind));

describe("events read back, as a feature is handed them", () => {
  it("after a reload and in a replay: the good ones of each feature kind, none damaged", async () => {
    const factory = new IDBFactory();
    const { timers, tick } = manualTimers(START_MS);
    const first = demo(factory, timers);
    await first.service.whenRestored();
    for (let i = 0; i < 5; i++) {
      tick(1000);
      await settle();
    }
    const [session] = await first.service.listSessions();
    await putRaw(factory, session!.id, [...GOOD, ...DAMAGED]);
    first.service.stop(); // the reload
    await settle();

    const second = demo(factory, timers);
    await second.service.whenRestored();
    const restored = second.core.part(spyFeature as Feature<SpyPart>).restored;
    expect(byTime(ours(restored))).toEqual(byTime(GOOD));
    // The strategy's own part got the good forecasts, the older one without its later fields.
    expect((await second.service.strategyRecords()).map((r) => r.at)).toEqual([E + 3, E + 4]);

    const { service } = second;
    service.startReplay({ kind: "session", sessionId: session!.id });
    await vi.waitFor(() => expect(service.snapshot(0).playback.loading).toBeNull(), WAIT);
    const recorded = () =>
      (service.snapshot(0).features?.spy as { recorded: SessionEvent[] | null }).recorded ?? [];
    await vi.waitFor(() => expect(ours(recorded()).length).toBeGreaterThan(0), WAIT);
    expect(byTime(ours(recorded()))).toEqual(byTime(GOOD));
    // A replay part reading the session's events itself is handed the same.
    const read = made.at(-1)?.read;
    expect(read).toBeTruthy();
    expect(byTime(ours(await read!))).toEqual(byTime(GOOD));
    service.stop();
  });
});
