// Session events read back from IndexedDB: whatever a damaged or foreign
// record holds, reading never throws, every event handed out passes its
// kind's check (a kind the store has none for, a registered feature's own, is
// handed out as stored when its payload is an object), and each record left
// out is counted. The features' schemas (pipeline/declaredEvents.ts), where a
// feature is handed them, never throw either and hand on only what passes.
// Valid laps round-trip.
import "fake-indexeddb/auto";
import fc from "fast-check";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { LapEvent } from "../../../workers/contract/events";
import { isLap } from "../../../workers/shared/storage/eventKinds";
import { SessionDb } from "../../../workers/shared/storage/SessionDb";
import { alertEventSchema } from "../../../workers/telemetry/alerts/alertEvents";
import { FEATURES } from "../../../workers/telemetry/features";
import { DeclaredEvents } from "../../../workers/telemetry/pipeline/declaredEvents";
import { fuzzParams, hostileNumber, protoKeyObject } from "./fuzzKit";

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });

const validLap = fc.record({
  rfid: fc.string({ maxLength: 20 }),
  endMs: finite,
  lapTime: finite,
  distance: finite,
  averageSpeed: finite,
  ampHours: finite,
  averagePackCurrent: finite,
  energyConsumed: finite,
  totalPowerIn: finite,
  totalPowerOut: finite,
  netPowerOut: finite,
  batterySecondsRemaining: finite,
  averageMotorWattage: fc.option(finite),
  simulated: fc.boolean(),
});

/**
 * Anything a structured clone can hold (fuzzKit's hostileValue, less its
 * 10,000-deep objects: those break the clone on the way in, not the read).
 */
const hostileValue = fc.oneof(
  fc.anything({
    maxDepth: 3,
    maxKeys: 6,
    withNullPrototype: true,
    withBoxedValues: true,
    withSparseArray: true,
    values: [hostileNumber, fc.string({ maxLength: 40 }), fc.boolean(), fc.constant(null)],
  }),
  hostileNumber,
  protoKeyObject,
  fc.constantFrom(undefined, null, "", "x".repeat(10_000)),
);

/** A record with a valid key and anything (often a lap with one field broken) as its payload. */
const storedRecord = fc.record({
  kind: fc.constantFrom("lap", "alert", "constructor", "__proto__"),
  time: finite,
  payload: fc.oneof(
    hostileValue,
    fc.record({ lap: hostileValue }),
    fc
      .tuple(validLap, fc.constantFrom("rfid", "endMs", "simulated", "averageMotorWattage"))
      .chain(([lap, key]) => hostileValue.map((bad) => ({ lap: { ...lap, [key]: bad } }))),
  ),
});

async function storeWith(records: unknown[]): Promise<SessionDb> {
  const factory = new IDBFactory();
  const db = await SessionDb.open(factory, "layout");
  await new Promise<void>((resolve, reject) => {
    const request = factory.open("helios-sessions");
    request.onsuccess = () => {
      const raw = request.result;
      const tx = raw.transaction("events", "readwrite");
      tx.oncomplete = () => (raw.close(), resolve());
      tx.onerror = () => reject(tx.error);
      try {
        records.forEach((r, seq) => tx.objectStore("events").put({ ...(r as object), seq }));
      } catch (error) {
        reject(error as Error);
      }
    };
  });
  return db;
}

describe("fuzz: session events read back", () => {
  it("never throws, hands out only events that pass their checks, and counts the rest", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(storedRecord, { maxLength: 8 }), async (records) => {
        const db = await storeWith(records.map((r) => ({ ...r, sessionId: "s1" })));
        const { events, dropped } = await db.readEvents("s1");
        expect(events.length + dropped).toBe(records.length);
        for (const event of events) {
          expect(["lap", "alert", "constructor", "__proto__"]).toContain(event.kind);
          expect(Number.isFinite(event.time)).toBe(true);
          if (event.kind === "lap") expect(isLap((event as LapEvent).lap)).toBe(true);
        }
        const handed = new DeclaredEvents(FEATURES).check(events);
        expect(handed.events.length + handed.dropped).toBe(events.length);
        for (const event of handed.events)
          if (event.kind === "alert") expect(alertEventSchema.safeParse(event).success).toBe(true);
        db.close();
      }),
      fuzzParams(60),
    );
  });

  it("every valid lap comes back as it was stored", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(validLap, { maxLength: 6 }), async (laps) => {
        const db = await SessionDb.open(new IDBFactory(), "layout");
        const events = laps.map((lap): LapEvent => ({ kind: "lap", time: lap.endMs / 1000, lap }));
        await db.appendEvents("s1", events);
        // A lap replaces an earlier one with the same end time: the last of each time stays.
        const kept = new Map(laps.map((lap) => [lap.endMs / 1000, lap]));
        const read = await db.readEvents("s1", { kinds: ["lap"] });
        expect(read.dropped).toBe(0);
        expect(read.events.map((e) => (e as LapEvent).lap)).toEqual(
          [...kept.entries()].sort((a, b) => a[0] - b[0]).map(([, lap]) => lap),
        );
        db.close();
      }),
      fuzzParams(60),
    );
  });
});
