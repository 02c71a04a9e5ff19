// What happens during a session (laps and alerts now; forecasts, sector
// times next) is recorded with it and read back for a replay: by kind, by time,
// in order, checked on the way back, and gone with the session.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { LapEvent, SessionEvent } from "../../workers/contract/events";
import type { Lap } from "../../workers/contract/laps";
import { SessionDb } from "../../workers/shared/storage/SessionDb";
import { Sessions } from "../../workers/telemetry/sessions/Sessions";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { recordingSettings, stillTimers } from "./sessionsKit";
import { FEATURES, LAYOUT } from "../../workers/telemetry/features";
import { DeclaredEvents } from "../../workers/telemetry/pipeline/declaredEvents";

const T0 = 1_795_000_000;

function lap(endS: number, lapTime = 200): Lap {
  return {
    rfid: "tag-1",
    endMs: endS * 1000,
    lapTime,
    distance: 2.1,
    averageSpeed: 38,
    ampHours: 1.2,
    averagePackCurrent: 9.5,
    energyConsumed: 0.12,
    totalPowerIn: 400,
    totalPowerOut: 900,
    netPowerOut: 500,
    batterySecondsRemaining: 9000,
    averageMotorWattage: null,
    simulated: false,
  };
}

const lapEvent = (endS: number, lapTime?: number): LapEvent => ({
  kind: "lap",
  time: endS,
  lap: lap(endS, lapTime),
});

/**
 * An event of kind "alert" in a shape this build does not write: stored, and
 * read back as stored (the store knows no feature); the alerts' schema drops it
 * where a feature is handed it (tests/unit/feature-events.test.ts).
 */
const alert = (time: number, text: string) => ({ kind: "alert", time, text });

async function openDb(factory = new IDBFactory()) {
  return SessionDb.open(factory, "layout");
}

/** Puts a raw record into the events store, as a damaged or foreign write would. */
async function putRaw(factory: IDBFactory, record: unknown): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open("helios-sessions");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const tx = db.transaction("events", "readwrite");
  tx.objectStore("events").put(record);
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

describe("session events in the store", () => {
  it("reads one kind between two times, oldest first, whatever order they were written in", async () => {
    const db = await openDb();
    await db.appendEvents("s1", [lapEvent(T0 + 300), lapEvent(T0 + 100)]);
    await db.appendEvents("s1", [lapEvent(T0 + 200), lapEvent(T0 + 400)]);
    await db.appendEvents("s2", [lapEvent(T0 + 250)]);
    const all = await db.readEvents("s1", { kinds: ["lap"] });
    expect(all.events.map((e) => e.time)).toEqual([100, 200, 300, 400].map((s) => T0 + s));
    expect(all.dropped).toBe(0);
    const between = await db.readEvents("s1", { kinds: ["lap"], from: T0 + 200, to: T0 + 300 });
    expect(between.events.map((e) => e.time)).toEqual([T0 + 200, T0 + 300]);
    expect((between.events[0] as LapEvent).lap).toEqual(lap(T0 + 200));
    // Every kind, by time (the [sessionId, time] index).
    expect((await db.readEvents("s1")).events).toHaveLength(4);
    expect((await db.readEvents("s2", { from: T0 + 251 })).events).toEqual([]);
  });

  it("a lap stored again with the same end time replaces the first (the backend's list repeats laps)", async () => {
    const db = await openDb();
    await db.appendEvents("s1", [lapEvent(T0 + 100, 200)]);
    await db.appendEvents("s1", [lapEvent(T0 + 100, 201), lapEvent(T0 + 300)]);
    const { events } = await db.readEvents("s1", { kinds: ["lap"] });
    expect(events.map((e) => (e as LapEvent).lap.lapTime)).toEqual([201, 200]);
  });

  it("keeps two events of one kind at one time, in the order they were appended", async () => {
    const factory = new IDBFactory();
    const db = await openDb(factory);
    await db.appendEvents("s1", [alert(T0, "a"), alert(T0, "b")]);
    await db.appendEvents("s1", [alert(T0, "c")]);
    // Read back raw: the records as written.
    const raw = await new Promise<unknown[]>((resolve) => {
      const request = factory.open("helios-sessions");
      request.onsuccess = () => {
        const get = request.result.transaction("events").objectStore("events").getAll();
        get.onsuccess = () => resolve(get.result);
      };
    });
    expect(raw).toEqual(
      ["a", "b", "c"].map((text, seq) => ({
        sessionId: "s1",
        kind: "alert",
        time: T0,
        seq,
        payload: { text },
      })),
    );
    // The store hands them out as stored, in that order; the alerts' schema drops them
    // where the telemetry worker hands them to a feature.
    const read = await db.readEvents("s1", { kinds: ["alert"] });
    expect(read).toEqual({ events: ["a", "b", "c"].map((text) => alert(T0, text)), dropped: 0 });
    expect(new DeclaredEvents(FEATURES).read(read)).toEqual({ events: [], dropped: 3 });
  });

  it("drops and counts records that fail their checks, and keeps the rest", async () => {
    const factory = new IDBFactory();
    const db = await openDb(factory);
    await db.appendEvents("s1", [lapEvent(T0 + 100), lapEvent(T0 + 300)]);
    const damaged = { ...lap(T0 + 200), lapTime: "soon" };
    const key = { sessionId: "s1", kind: "lap", seq: 0 };
    await putRaw(factory, { ...key, time: T0 + 200, payload: { lap: damaged } });
    await putRaw(factory, { ...key, time: T0 + 250, payload: null });
    await putRaw(factory, { ...key, time: T0 + 260, payload: [] as unknown as object });
    // A kind no check is known for (a registered feature's own) is kept as stored,
    // even one named like an object's own property.
    await putRaw(factory, { ...key, kind: "constructor", time: T0 + 270, payload: { n: 1 } });
    const { events, dropped } = await db.readEvents("s1");
    expect(events.map((e) => e.time)).toEqual([T0 + 100, T0 + 270, T0 + 300]);
    expect(events[1]).toEqual({ kind: "constructor", time: T0 + 270, n: 1 });
    expect(dropped).toBe(3);
  });

  it("deleting a session deletes its events and no other session's", async () => {
    const db = await openDb();
    await db.appendEvents("s1", [lapEvent(T0 + 100), alert(T0 + 5, "hot")]);
    await db.appendEvents("s2", [lapEvent(T0 + 200)]);
    await db.deleteSession("s1");
    expect(await db.readEvents("s1")).toEqual({ events: [], dropped: 0 });
    expect((await db.readEvents("s2")).events.map((e) => e.time)).toEqual([T0 + 200]);
  });
});

function packet(i: number) {
  const p = defaultPacket();
  p.TimeStamp = T0 + i * 0.1;
  return p;
}

describe("Sessions: events of the live session", () => {
  it("events of the first packets are stored with the session those packets start", async () => {
    const factory = new IDBFactory();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const sessions = new Sessions({ factory, timers: stillTimers, notice: () => undefined });
    // Recorded while start() still opens the database: held, not lost.
    sessions.recordEvents([lapEvent(T0 + 0.1)]);
    await sessions.start(store, recordingSettings, () => "DEMO");
    store.ingest(packet(0), "DEMO");
    sessions.recordEvents([lapEvent(T0 + 0.2) as SessionEvent]);
    await sessions.flush("DEMO");
    const id = sessions.state().sessionId!;
    const { events } = await sessions.sessionEvents(id, { kinds: ["lap"] });
    expect(events.map((e) => e.time)).toEqual([T0 + 0.1, T0 + 0.2]);
    expect(await sessions.sessionLaps(id, T0 + 0.15)).toEqual([lap(T0 + 0.2)]);
  });

  it("an event recorded after the last packet's flush is written by the next flush, with no packet since", async () => {
    const factory = new IDBFactory();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const sessions = new Sessions({ factory, timers: stillTimers, notice: () => undefined });
    await sessions.start(store, recordingSettings, () => "DEMO");
    store.ingest(packet(0), "DEMO");
    await sessions.flush("DEMO");
    // A user's act between two packets (a forecast imported), flushed at once.
    sessions.recordEvents([lapEvent(T0 + 0.5) as SessionEvent]);
    await sessions.flush("DEMO");
    const id = sessions.state().sessionId!;
    const { events } = await sessions.sessionEvents(id, { kinds: ["lap"] });
    expect(events.map((e) => e.time)).toEqual([T0 + 0.5]);
  });

  it("says how many recorded laps could not be read, and shows the others", async () => {
    const factory = new IDBFactory();
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const notices: string[] = [];
    const sessions = new Sessions({
      factory,
      timers: stillTimers,
      notice: (_level, message) => notices.push(message),
    });
    await sessions.start(store, recordingSettings, () => "DEMO");
    store.ingest(packet(0), "DEMO");
    await sessions.flush("DEMO");
    const id = sessions.state().sessionId!;
    await sessions.recordLaps([lap(T0 + 100)]);
    const record = { sessionId: id, kind: "lap", time: T0 + 50, seq: 0, payload: { lap: {} } };
    await putRaw(factory, record);
    expect(await sessions.sessionLaps(id)).toEqual([lap(T0 + 100)]);
    expect(notices).toEqual(["1 recorded lap of this session could not be read and is not shown."]);
  });

  it("an event without a valid time is not recorded, is said once, and recording goes on", async () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 100 });
    const notices: string[] = [];
    const sessions = new Sessions({
      factory: new IDBFactory(),
      timers: stillTimers,
      notice: (_level, message) => notices.push(message),
    });
    await sessions.start(store, recordingSettings, () => "DEMO");
    store.ingest(packet(0), "DEMO");
    sessions.recordEvents([lapEvent(T0), { ...lapEvent(T0), time: NaN }, lapEvent(T0 + 1)]);
    sessions.recordEvents([{ ...lapEvent(T0), time: Infinity }]);
    await sessions.flush("DEMO");
    const id = sessions.state().sessionId!;
    expect((await sessions.sessionLaps(id)).map((l) => l.endMs)).toEqual([
      T0 * 1000,
      (T0 + 1) * 1000,
    ]);
    expect(notices).toEqual(['An event of kind "lap" without a valid time was not recorded.']);
    expect(sessions.state().available).toBe(true);
  });
});
