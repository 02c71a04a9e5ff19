// Several windows, one core (issue 38): a window is there while it holds its
// presence lock; the core leaves it once the lock is granted to the core (the
// window closed or was killed). The radio goes with the window that attached
// it. Without a shared core, only the window holding the recorder lock
// records. Web Locks are faked here with their one rule: a lock is granted
// when no one else holds it, in the order asked.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import type { WindowHello } from "../../workers/contract/windows";
import { BEAT_EVERY_MS, BEAT_SILENCE_MS } from "../../workers/shared/windowBeats";
import { claimRecorder, RECORDER_LOCK } from "../../workers/telemetry/service/recorderLock";
import { RosterWindow } from "../../workers/telemetry/service/rosterWindow";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import {
  NOT_RECORDER_TEXT,
  RADIO_WINDOW_GONE_TEXT,
} from "../../workers/telemetry/service/windowTexts";
import { WindowRoster, type LocksLike } from "../../workers/telemetry/service/windowRoster";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { manualTimers } from "./manualTimers";

/** Web Locks in one process: held names, and who waits for each, in order. */
class FakeLocks implements LocksLike {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, Array<() => void>>();

  request(name: string, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve) => {
      const grant = () => {
        this.held.add(name);
        const result = callback();
        // A callback's promise holds the lock until it settles (never: for the holder's life).
        void Promise.resolve(result).then(() => {
          this.release(name);
          resolve(result);
        });
      };
      if (this.held.has(name)) this.queue(name).push(grant);
      else grant();
    });
  }

  async query() {
    const pending = [...this.waiting].flatMap(([name, queue]) => queue.map(() => ({ name })));
    return { held: [...this.held].map((name) => ({ name })), pending };
  }

  /** The holder let go (its window or thread is gone): the next in line gets the lock. */
  release(name: string): void {
    if (!this.held.delete(name)) return;
    this.queue(name).shift()?.();
  }

  /** A window holds its presence lock for its life. */
  holdForLife(name: string): void {
    void this.request(name, () => new Promise(() => undefined));
  }

  private queue(name: string): Array<() => void> {
    let queue = this.waiting.get(name);
    if (!queue) this.waiting.set(name, (queue = []));
    return queue;
  }
}

const CONFIG = { connectToBackend: false, historyCapacity: 5000, demoRate: 10 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function hello(id: string, locks: FakeLocks): WindowHello {
  const window = { id, lockName: `helios-window-${id}` };
  locks.holdForLife(window.lockName);
  return window;
}

function sharedCore() {
  const locks = new FakeLocks();
  const roster = new WindowRoster(locks);
  const { timers, tick } = manualTimers();
  const core = new TelemetryCore({ hosting: "shared", timers, indexedDB: null, storage: null });
  const open = (id: string, events: WorkerEvent[] = []) => {
    const window = new RosterWindow(core, roster);
    const greeting = hello(id, locks);
    window.start(CONFIG, (batch) => void events.push(...batch), greeting);
    return { window, greeting, events };
  };
  return { locks, core, open, tick };
}

describe("window presence on a shared core", () => {
  it("a killed window leaves once its lock is free; the last out stops the core", async () => {
    const { locks, core, open, tick } = sharedCore();
    const a = open("a");
    const b = open("b");
    expect(b.window.snapshot(0).windows).toEqual({ hosting: "shared", count: 2, recorder: "core" });
    tick(2000);
    // Window A is killed: it never calls stop(), its lock is simply released.
    locks.release(a.greeting.lockName);
    await settle();
    const seen = b.window.snapshot(0);
    expect(seen.windows.count).toBe(1);
    expect(core.running).toBe(true);
    tick(2000);
    expect(b.window.snapshot(0).counters.accepted).toBeGreaterThan(seen.counters.accepted);
    locks.release(b.greeting.lockName);
    await settle();
    expect(core.running).toBe(false);
  });

  it("a window whose lock request reaches the lock manager after its start is not taken for gone", async () => {
    const locks = new FakeLocks();
    const roster = new WindowRoster(locks);
    const core = new TelemetryCore({ hosting: "shared", indexedDB: null, storage: null });
    const window = new RosterWindow(core, roster);
    const greeting = { id: "late", lockName: "helios-window-late" };
    window.start(CONFIG, () => undefined, greeting);
    await settle();
    locks.holdForLife(greeting.lockName);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(window.snapshot(0).windows.count).toBe(1);
    expect(core.running).toBe(true);
    locks.release(greeting.lockName);
    await settle();
    expect(core.running).toBe(false);
  });

  it("a window that leaves on its own (pagehide) is not counted twice when its lock frees", async () => {
    const { locks, open } = sharedCore();
    const a = open("a");
    const b = open("b");
    const c = open("c");
    a.window.stop();
    expect(c.window.snapshot(0).windows.count).toBe(2);
    locks.release(a.greeting.lockName);
    await settle();
    expect(c.window.snapshot(0).windows.count).toBe(2);
    b.window.stop();
    c.window.stop();
  });

  it("the radio's window closing detaches the radio and tells the others plainly", async () => {
    const { locks, open, tick } = sharedCore();
    const a = open("a");
    const events: WorkerEvent[] = [];
    const b = open("b", events);
    a.window.setConnectionType("RADIO");
    // A serial port that stays open: only its window's leaving ends it.
    const port = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
    a.window.attachRadio(port);
    await settle();
    expect(b.window.snapshot(0).connection.radioConnected).toBe(true);
    locks.release(a.greeting.lockName);
    await settle();
    tick(200);
    expect(b.window.snapshot(0).connection.radioConnected).toBe(false);
    expect(events).toContainEqual({
      type: "sessionNotice",
      level: "warning",
      message: RADIO_WINDOW_GONE_TEXT,
    });
    // Any window can attach it again.
    b.window.attachRadio(new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) }));
    await settle();
    expect(b.window.snapshot(0).connection.radioConnected).toBe(true);
    b.window.stop();
  });

  it("another window leaving keeps the radio", async () => {
    const { locks, open, tick } = sharedCore();
    const a = open("a");
    const events: WorkerEvent[] = [];
    const b = open("b", events);
    const c = open("c");
    a.window.setConnectionType("RADIO");
    a.window.attachRadio(new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) }));
    await settle();
    locks.release(c.greeting.lockName);
    await settle();
    tick(200);
    expect(b.window.snapshot(0).connection.radioConnected).toBe(true);
    expect(events).not.toContainEqual(expect.objectContaining({ message: RADIO_WINDOW_GONE_TEXT }));
    a.window.stop();
    b.window.stop();
  });
});

describe("windows without Web Locks (plain http on the team's network) beat instead", () => {
  function beatingCore() {
    const { timers, tick } = manualTimers();
    const roster = new WindowRoster(null, timers);
    const core = new TelemetryCore({ hosting: "shared", timers, indexedDB: null, storage: null });
    const open = (id: string) => {
      const window = new RosterWindow(core, roster);
      const greeting: WindowHello = { id, lockName: `helios-window-${id}`, beats: true };
      window.start(CONFIG, () => undefined, greeting);
      return { window, greeting };
    };
    /** `ms` of time in which the windows named beat every BEAT_EVERY_MS. */
    const live = (ms: number, windows: RosterWindow[]) => {
      for (let t = 0; t < ms; t += BEAT_EVERY_MS) {
        tick(BEAT_EVERY_MS);
        for (const window of windows) window.beat();
      }
    };
    return { core, roster, open, live, tick };
  }

  it("a killed window is gone once silent for BEAT_SILENCE_MS; the last out stops the core", () => {
    const { core, open, live } = beatingCore();
    const a = open("a");
    const b = open("b");
    live(BEAT_SILENCE_MS - 2 * BEAT_EVERY_MS, [a.window, b.window]);
    expect(b.window.snapshot(0).windows.count).toBe(2);
    // Window A is killed: no goodbye, no more beats.
    live(BEAT_SILENCE_MS - 2 * BEAT_EVERY_MS, [b.window]);
    expect(b.window.snapshot(0).windows.count).toBe(2);
    live(4 * BEAT_EVERY_MS, [b.window]);
    expect(b.window.snapshot(0).windows.count).toBe(1);
    expect(core.running).toBe(true);
    live(BEAT_SILENCE_MS + 2 * BEAT_EVERY_MS, []);
    expect(core.running).toBe(false);
  });

  it("a hidden tab the browser wakes once a minute stays; one taken for gone joins again at its next beat", () => {
    const { open, live, tick } = beatingCore();
    const a = open("a");
    const b = open("b");
    for (let minute = 0; minute < 6; minute++) {
      live(60_000 - BEAT_EVERY_MS, [b.window]);
      tick(BEAT_EVERY_MS);
      expect(a.window.beat()).toBe(true);
      expect(b.window.snapshot(0).windows.count).toBe(2);
    }
    // Frozen for longer than the silence: taken for gone, told so at its
    // next beat, and counted again once it joins again (as the page does).
    live(BEAT_SILENCE_MS + 2 * BEAT_EVERY_MS, [b.window]);
    expect(b.window.snapshot(0).windows.count).toBe(1);
    expect(a.window.beat()).toBe(false);
    a.window.start(CONFIG, () => undefined, a.greeting);
    expect(b.window.snapshot(0).windows.count).toBe(2);
    live(BEAT_SILENCE_MS - 2 * BEAT_EVERY_MS, [a.window, b.window]);
    expect(b.window.snapshot(0).windows.count).toBe(2);
  });

  it("a restart's old line leaving does not stop the core listening to the new line", () => {
    const { core, roster, open, live } = beatingCore();
    const a = open("a");
    const b = open("b");
    // Window A restarts its core line: the new line joins, then the old one leaves.
    const again = new RosterWindow(core, roster);
    again.start(CONFIG, () => undefined, a.greeting);
    a.window.stop();
    expect(b.window.snapshot(0).windows.count).toBe(2);
    // Then A is killed: its new line falls silent and is gone.
    live(BEAT_SILENCE_MS + 2 * BEAT_EVERY_MS, [b.window]);
    expect(b.window.snapshot(0).windows.count).toBe(1);
  });

  it("a window that left on its own is not left again when its beats stop", () => {
    const { open, live } = beatingCore();
    const a = open("a");
    const b = open("b");
    const c = open("c");
    a.window.stop();
    expect(a.window.beat()).toBe(false);
    expect(c.window.snapshot(0).windows.count).toBe(2);
    live(BEAT_SILENCE_MS + 2 * BEAT_EVERY_MS, [b.window, c.window]);
    expect(c.window.snapshot(0).windows.count).toBe(2);
  });
});

describe("own cores: one recorder by Web Lock", () => {
  it("the first window records, the second says it does not, and takes over when the first closes", async () => {
    const locks = new FakeLocks();
    const factory = new IDBFactory();
    const ownWindow = () => {
      const core = new TelemetryCore({
        hosting: "own",
        awaitsRecorder: true,
        indexedDB: factory,
        storage: null,
      });
      // Each window's worker asks for the lock as it starts; the grant is held for its life.
      claimRecorder(locks, () => core.setRecorderHeld(true));
      const service = new TelemetryService(core);
      service.start({ ...CONFIG, recording: true }, () => undefined);
      return service;
    };
    const first = ownWindow();
    const second = ownWindow();
    await first.whenRestored();
    await second.whenRestored();
    expect(first.snapshot(0).windows).toEqual({
      hosting: "own",
      count: 1,
      recorder: "this window",
    });
    expect(first.snapshot(0).recording.available).toBe(true);
    const waiting = second.snapshot(0);
    expect(waiting.windows.recorder).toBe("another window");
    expect(waiting.recording).toMatchObject({
      enabled: true,
      available: false,
      problem: NOT_RECORDER_TEXT,
    });
    // The first window's worker dies with it: its lock goes to the second.
    first.stop();
    locks.release(RECORDER_LOCK);
    await settle();
    const taken = second.snapshot(0);
    expect(taken.windows.recorder).toBe("this window");
    expect(taken.recording.available).toBe(true);
    expect(taken.recording.problem).toBeNull();
    second.stop();
  });

  it("an own core without locks (Node, tests) records as before", () => {
    const core = new TelemetryCore({ indexedDB: null, storage: null });
    expect(core.windows()).toEqual({ hosting: "own", count: 0, recorder: "this window" });
  });
});
