// A helper thread of the core (the storage worker, the poll reader) that dies
// or hangs (issue 58, item 12). Its line carries beats; unanswered for
// HELPER_SILENCE_MS of the core's own running time, the helper is taken for
// gone, a new one is asked for, and what waited goes to it. A core that was
// itself held up does not take a helper for gone. Here the helpers are served
// on MessageChannels in Node and "die" by closing their ends; time is manual.
import "fake-indexeddb/auto";
import * as Comlink from "comlink";
import { afterEach, describe, expect, it } from "vitest";
import type { ChunkRecord } from "../../workers/contract/storageProtocol";
import type { HelperBeat, HelperConnect } from "../../workers/contract/windows";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import {
  HELPER_BEAT_EVERY_MS,
  HELPER_SILENCE_MS,
  HelperWatch,
} from "../../workers/shared/helperBeats";
import { HELPER_NAMES } from "../../workers/shared/workerNames";
import { encodeChunk } from "../../workers/shared/storage/chunkCodec";
import { newStorageHost } from "../../workers/storage/storageHost";
import { RemoteSessionDb, StorageLost } from "../../workers/telemetry/sessions/RemoteSessionDb";
import { WindowRoster } from "../../workers/telemetry/service/windowRoster";
import { PollError, PollReader } from "../../workers/telemetry/sources/polling/PollReader";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { LAYOUT } from "../../workers/telemetry/features";
import { manualTimers } from "./manualTimers";

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
  PollReader.sharedLine = null;
  PollReader.sharedReplacement = null;
});

describe("HelperWatch", () => {
  function watched() {
    const clock = manualTimers();
    const sent: HelperBeat[] = [];
    let silent = 0;
    const watch = new HelperWatch(
      (beat) => void sent.push(beat),
      () => void silent++,
      clock.timers,
    );
    return { clock, sent, watch, silent: () => silent };
  }

  it("a helper that answers is never taken for gone", () => {
    const w = watched();
    for (let t = 0; t < 10_000; t += HELPER_BEAT_EVERY_MS) {
      w.clock.tick(HELPER_BEAT_EVERY_MS);
      w.watch.heard();
    }
    expect(w.silent()).toBe(0);
    expect(w.sent.length).toBeGreaterThanOrEqual(10_000 / HELPER_BEAT_EVERY_MS);
    w.watch.stop();
  });

  it("a silent helper is taken for gone after the silence, once, and no sooner", () => {
    const w = watched();
    w.clock.tick(HELPER_SILENCE_MS);
    expect(w.silent()).toBe(0);
    w.clock.tick(HELPER_BEAT_EVERY_MS);
    expect(w.silent()).toBe(1);
    const beats = w.sent.length;
    w.clock.tick(10_000);
    expect(w.silent()).toBe(1);
    expect(w.sent.length).toBe(beats); // it stopped
  });

  it("a core held up for 5 s (its answers queued behind it) gives the helper a fresh silence", () => {
    // The interval's tick runs late, as a real one does after a long task.
    let now = 0;
    let tick = () => undefined as void;
    let silent = 0;
    const clock = {
      now: () => now,
      setInterval: (callback: () => void) => ((tick = callback), 1),
      clearInterval: () => undefined,
    };
    new HelperWatch(
      () => undefined,
      () => void silent++,
      clock,
    );
    now = 5_000; // the core's thread was busy: no tick ran, the helper's answers wait in its queue
    tick();
    expect(silent).toBe(0);
    for (let i = 0; i * HELPER_BEAT_EVERY_MS < HELPER_SILENCE_MS; i++) {
      now += HELPER_BEAT_EVERY_MS;
      tick();
    }
    expect(silent).toBe(0); // still within a silence counted from the late tick
    now += HELPER_BEAT_EVERY_MS;
    tick();
    expect(silent).toBe(1); // and a helper that stays silent is gone after it
  });
});

/** A storage SharedWorker as a window hands it to the core (its connect port), which can die. */
function storageWorker() {
  const connect = new MessageChannel();
  const ends: MessagePort[] = [connect.port2];
  connect.port2.onmessage = (message: MessageEvent<HelperConnect>) => {
    const host = newStorageHost();
    const appendPort = host.appendPort;
    host.appendPort = (port) => {
      ends.push(port);
      appendPort(port);
    };
    ends.push(message.data.connect);
    Comlink.expose(host, message.data.connect);
  };
  opened.push(connect.port1, connect.port2);
  return {
    via: connect.port1,
    /** Its thread ends: nothing it held answers again. */
    die: () => {
      for (const end of ends) end.close();
    },
  };
}

function chunk(sessionId: string, index: number): ChunkRecord {
  const store = new TelemetryStore({ layout: LAYOUT, capacity: 10 });
  store.ingest({ ...defaultPacket(), TimeStamp: 1_795_000_000 + index }, "DEMO");
  return encodeChunk(
    sessionId,
    index,
    store.newestRows(1),
    1_795_000_000 + index,
    1_795_000_000 + index,
    store.chunkLayout,
  );
}

describe("RemoteSessionDb when its storage worker dies", () => {
  it("the write that waited goes to a new one, which stores it; the recording is told lost, then back", async () => {
    const clock = manualTimers();
    const first = storageWorker();
    const second = storageWorker();
    const said: string[] = [];
    let asked = 0;
    const db = await RemoteSessionDb.open(LAYOUT_KEY, {
      name: "helios-helper-faults",
      via: first.via,
      timers: clock.timers,
      replacement: async () => (asked++, second.via),
      watch: {
        lost: () => said.push("lost"),
        back: () => said.push("back"),
        failed: (why) => said.push(why),
      },
    });
    await db.appendChunk(chunk("s", 0), []);
    first.die();
    let stored = false;
    const write = db.appendChunk(chunk("s", 1), []).then(() => (stored = true));
    await settle();
    clock.tick(HELPER_SILENCE_MS - HELPER_BEAT_EVERY_MS);
    await settle();
    expect([stored, said, asked]).toEqual([false, [], 0]);
    clock.tick(2 * HELPER_BEAT_EVERY_MS);
    await write;
    expect(said).toEqual(["lost", "back"]);
    expect(asked).toBe(1);
    const read = await db.readRange("s", 0, 2e9);
    expect(read.chunks.map((c) => c.t0)).toEqual([1_795_000_000, 1_795_000_001]);
    db.close();
  });

  it("when no new one comes within 15 s the writes that waited fail, saying so", async () => {
    const clock = manualTimers();
    const first = storageWorker();
    const said: string[] = [];
    const db = await RemoteSessionDb.open(LAYOUT_KEY, {
      name: "helios-helper-faults-2",
      via: first.via,
      timers: clock.timers,
      replacement: () => new Promise<MessagePort>(() => undefined),
      watch: {
        lost: () => said.push("lost"),
        back: () => said.push("back"),
        failed: () => said.push("failed"),
      },
    });
    first.die();
    const write = db.appendChunk(chunk("s", 0), []);
    clock.tick(HELPER_SILENCE_MS + HELPER_BEAT_EVERY_MS);
    await settle();
    clock.tick(15_000);
    await expect(write).rejects.toBeInstanceOf(StorageLost);
    expect(said).toEqual(["lost", "failed"]);
    db.close();
  });
});

describe("WindowRoster replaces a helper", () => {
  const port = () => {
    const channel = new MessageChannel();
    opened.push(channel.port1, channel.port2);
    return channel.port1;
  };

  it("asks every window for one of a new name, takes the first port of that name, and names it to windows joining later", async () => {
    const roster = new WindowRoster(null);
    const told: WorkerEvent[] = [];
    roster.tellWindows = (event) => void told.push(event);
    roster.greet({ id: "a", lockName: "a", storagePort: port() }, true, () => undefined);
    expect(roster.replaced()).toEqual([]);
    const replacement = roster.replacement("storage");
    const [asked] = told as Extract<WorkerEvent, { type: "helper" }>[];
    expect(asked).toMatchObject({ type: "helper", kind: "storage", lost: true });
    expect(asked!.name).not.toBe(HELPER_NAMES.storage); // a hung one still holds the old name
    // A window's hello brings the old name's port, and a stray name: neither is taken.
    roster.greet({ id: "b", lockName: "b", storagePort: port() }, false, () => undefined);
    roster.take("storage", "helios-storage-other", port());
    expect(roster.storage).toBeNull();
    const right = port();
    roster.take("storage", asked!.name, right);
    await expect(replacement).resolves.toBe(right);
    expect(roster.storage).toBe(right);
    expect(roster.replaced()).toEqual([{ kind: "storage", name: asked!.name }]);
    // The core stops with its last window: the next one starts it with the first names.
    roster.greet({ id: "c", lockName: "c", storagePort: port() }, true, () => undefined);
    expect(roster.replaced()).toEqual([]);
  });
});

describe("PollReader when its poll reader SharedWorker dies", () => {
  it("fails the GET that waited (the link dials again), reads here meanwhile, then on the new one", async () => {
    const clock = manualTimers();
    const lines: MessagePort[] = [];
    const reader = () => {
      const channel = new MessageChannel();
      opened.push(channel.port1, channel.port2);
      lines.push(channel.port2);
      // This one answers beats only: its GETs never end (the test kills it before).
      channel.port2.onmessage = ({ data }: MessageEvent) => {
        if ("beat" in data) channel.port2.postMessage(data);
      };
      return channel.port1;
    };
    PollReader.sharedLine = reader;
    let replaced = 0;
    PollReader.sharedReplacement = async () => (replaced++, reader());
    let moved = 0;
    let stopped = 0;
    const polls = PollReader.create(
      { moved: () => void moved++, stopped: () => void stopped++ },
      clock.timers,
    );
    expect(polls.inWorker).toBe(true);
    const waiting = polls.read("http://127.0.0.1:1/never", "omit");
    lines[0]!.close(); // it dies
    clock.tick(HELPER_SILENCE_MS + HELPER_BEAT_EVERY_MS);
    await expect(waiting).rejects.toBeInstanceOf(PollError);
    await settle();
    expect(replaced).toBe(1);
    expect(polls.inWorker).toBe(true);
    expect(moved).toBe(2); // here, then on the new one
    expect(stopped).toBe(1);
  });
});

const LAYOUT_KEY = new TelemetryStore({ layout: LAYOUT, capacity: 1 }).chunkLayout;
