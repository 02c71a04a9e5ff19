// A restart of the core in DEMO (its tab crashed, or the windows replaced a
// hung one: WorkerConfig.restartsCore) goes on with the same simulated car
// where the recording stopped, and so with the same session (issue 58, item
// 13): one session holds one car's drive, with no jump in its charge,
// odometer or place on the track, and says the time it did not record. A
// reload of the user's own, past the session gap, or with a demo day to
// build, drives a new car in a session of its own. A reload on a real
// source goes on with the same car and the same session.
import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { SessionInfo } from "../../workers/contract/sessions";
import type { WorkerConfig } from "../../workers/contract/config";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { gapSaidAbove, gapWords } from "../../workers/telemetry/sessions/recordingSpans";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { NUMERIC_FIELDS } from "../../workers/telemetry/schema/fields";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { manualTimers } from "./manualTimers";
import { recordingSettings } from "./sessionsKit";
import { LAYOUT } from "../../workers/telemetry/features";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const SOC = NUMERIC_FIELDS.indexOf("Battery.PackStateOfCharge");
const ODOMETER = NUMERIC_FIELDS.indexOf("MotorDetails0.Odometer");
const TIME = NUMERIC_FIELDS.indexOf("TimeStamp");

/** One page's visit in DEMO: a core that has driven the simulated car for `seconds` (stop it: the reload). */
async function visit(
  factory: IDBFactory,
  clock: ReturnType<typeof manualTimers>,
  seconds: number,
  notices: string[] = [],
  config: Partial<WorkerConfig> = {},
) {
  const core = new TelemetryCore({
    timers: clock.timers,
    indexedDB: factory,
    storage: null,
    demoSeed: 5,
  });
  const window = {
    showsLive: true,
    send: (event: { type: string; message?: string }) => {
      if (event.type === "sessionNotice") notices.push(event.message!);
    },
    lapsChanged: () => undefined,
    liveChanged: () => undefined,
    replayHistory: () => null,
    replayPart: () => null,
  };
  core.join(window);
  core.start({ connectToBackend: false, demoRate: 2, historyCapacity: 5000, ...config });
  await core.whenRestored();
  for (let i = 0; i < seconds; i++) {
    clock.tick(1000);
    await settle();
  }
  return core;
}

/** A recorded session's packets, oldest first: time, state of charge and odometer. */
async function packetsOf(core: TelemetryCore, session: SessionInfo) {
  const slices = await core.sessions!.sessionRows(
    session.id,
    session.firstPacketTime,
    session.lastPacketTime,
  );
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 5000 });
  for (const rows of slices) store.appendRows(rows);
  return Array.from({ length: store.ring.length }, (_, i) => ({
    time: store.ring.number(i, TIME),
    charge: store.ring.number(i, SOC),
    odometer: store.ring.number(i, ODOMETER),
  }));
}

describe("a restart in DEMO", () => {
  it("goes on with the car where it stopped, in the same session, and says the time not recorded", async () => {
    const factory = new IDBFactory();
    const clock = manualTimers();
    const first = await visit(factory, clock, 20);
    const [before] = await first.listSessions();
    expect(before!.source).toBe("DEMO");
    first.stop();
    await settle();

    clock.tick(30_000); // the restart: well within the 5 minutes that continue a session
    const notices: string[] = [];
    const second = await visit(factory, clock, 20, notices, { restartsCore: true });
    const sessions = await second.listSessions();
    expect(sessions.map((s) => s.id)).toEqual([before!.id]);
    const packets = await packetsOf(second, sessions[0]!);
    expect(packets.length).toBeGreaterThan(70);
    // One car's drive: the charge moves by hundredths a second, the odometer never jumps back.
    const restart = packets.findIndex((p, i) => i > 0 && p.time - packets[i - 1]!.time > 10);
    expect(restart).toBeGreaterThan(30);
    for (let i = 1; i < packets.length; i++) {
      expect(Math.abs(packets[i]!.charge - packets[i - 1]!.charge)).toBeLessThan(0.3);
      expect(packets[i]!.odometer - packets[i - 1]!.odometer).toBeGreaterThanOrEqual(0);
      expect(packets[i]!.odometer - packets[i - 1]!.odometer).toBeLessThan(40);
    }
    expect(notices.some((n) => /nothing was recorded for 3\d\.\d s, from /.test(n))).toBe(true);
    second.stop();
  });

  it("a reload of the user's own, past the session gap, or with a demo day to build, drives a session of its own", async () => {
    const factory = new IDBFactory();
    const clock = manualTimers();
    const starts: Partial<WorkerConfig>[] = [
      {},
      { restartsCore: false }, // a reload within the gap
      { restartsCore: true, demoDayHours: 0.01 },
    ];
    for (const [i, config] of starts.entries()) {
      const core = await visit(factory, clock, 5, [], config);
      expect(await core.listSessions()).toHaveLength(i + 1);
      core.stop();
      await settle();
      clock.tick(10_000);
    }
    clock.tick(6 * 60_000);
    const late = await visit(factory, clock, 5, [], { restartsCore: true });
    expect(await late.listSessions()).toHaveLength(4);
    late.stop();
  });
});

describe("a reload on a real source", () => {
  it("continues the restored session", async () => {
    const factory = new IDBFactory();
    const clock = manualTimers();
    const packet = (i: number) => ({ ...defaultPacket(), TimeStamp: 1_795_000_000 + i });
    const record = async (from: number) => {
      const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
      const sessions = new Sessions({ factory, timers: clock.timers, notice: () => undefined });
      await sessions.start(store, recordingSettings, () => "NETWORK");
      for (let i = from; i < from + 5; i++) store.ingest(packet(i), "NETWORK");
      await sessions.flush("NETWORK");
      const list = await sessions.list();
      sessions.stop();
      await settle();
      return list;
    };
    await record(0);
    clock.tick(30_000);
    const list = await record(10);
    expect(list.map((s) => [s.source, s.packets])).toEqual([["NETWORK", 10]]);
  });
});

describe("the hole a restart left", () => {
  const session = (packets: number, seconds: number) =>
    ({ packets, firstPacketTime: 1000, lastPacketTime: 1000 + seconds }) as SessionInfo;

  it("is said when more than three of the session's own packet spacings are missing", () => {
    // The demo car at 100 pkt/s: a 0.7 s restart lost 70 packets, and is said.
    expect(gapSaidAbove(session(6001, 60))).toBeCloseTo(0.1);
    // A car sending once a second: a 1.5 s restart lost nothing worth saying.
    expect(gapSaidAbove(session(61, 60))).toBeCloseTo(3);
    // One packet recorded: no spacing known, one second assumed.
    expect(gapSaidAbove(session(1, 0))).toBeCloseTo(3);
  });

  it("is told by its length and its ends, a short one at the second it fell in", () => {
    const second = 1_800_000_000; // a whole minute: the ends below read :01 and :04
    expect(gapWords(second + 1.1, second + 4.1)).toMatch(
      /^for 3\.0 s, from \d\d:\d\d:01 to \d\d:\d\d:04 \S+$/,
    );
    // Not "from 10:00:01 to 10:00:01": both ends in one second.
    expect(gapWords(second + 1.1, second + 1.5)).toMatch(/^for 0\.4 s at \d\d:\d\d:01 \S+$/);
  });
});
