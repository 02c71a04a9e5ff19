// What the core reads from the storage worker is let go once it has been
// used. Each call on the storage line waits for its answer or for the line to
// be lost; that wait once was Promise.race against a promise that never
// settles while the line lives, and each race left it a reaction that held
// the answer: a season export kept every row it read (834 MB after three
// exports of ten hours, bench:track), and so did replays and restores.
import "fake-indexeddb/auto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { ChunkRecord } from "../../workers/contract/storageProtocol";
import { encodeChunk } from "../../workers/shared/storage/chunkCodec";
import { closeStoragePortsAfterEach, storageVia } from "./storageKit";
import { RemoteSessionDb } from "../../workers/telemetry/sessions/RemoteSessionDb";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { LAYOUT } from "../../workers/telemetry/features";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const T0 = 1_795_000_000;
closeStoragePortsAfterEach();

function chunk(index: number): ChunkRecord {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 10 });
  for (let i = 0; i < 10; i++)
    store.ingest({ ...defaultPacket(), TimeStamp: T0 + index + i / 10 }, "DEMO");
  return encodeChunk(
    "s",
    index,
    store.newestRows(10),
    T0 + index,
    T0 + index + 0.9,
    store.chunkLayout,
  );
}

describe("RemoteSessionDb's answers", () => {
  it("are not kept once read: every rows' answer is collected after use", async () => {
    const db = await RemoteSessionDb.open(
      new TelemetryStore({ layout: LAYOUT, capacity: 1 }).chunkLayout,
      {
        name: "helios-remote-db-memory",
        via: storageVia(),
      },
    );
    for (let i = 0; i < 5; i++) await db.appendChunk(chunk(i), []);
    const answers: WeakRef<object>[] = [];
    for (let i = 0; i < 20; i++) {
      const read = await db.readRange("s", T0, T0 + 10);
      expect(read.chunks).toHaveLength(5);
      answers.push(new WeakRef(read));
    }
    // A WeakRef's target lives to the end of the job that made it; then a collection.
    for (let i = 0; i < 3; i++) {
      await settle();
      collect();
    }
    // The newest may still be held by the message machinery; never the ones before it.
    expect(answers.filter((ref) => ref.deref() !== undefined).length).toBeLessThanOrEqual(1);
    db.close();
  });
});
