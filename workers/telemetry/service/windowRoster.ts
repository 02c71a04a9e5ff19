// The windows a shared core serves (issue 38): who is there, and the ports
// through which the core reaches its helper threads. A shared core runs in a
// SharedWorker, which cannot start workers, so the storage and poll reader
// threads are SharedWorkers that every window starts and hands to the core in
// its hello. A window is there while it holds its presence lock: the core
// asks for the same lock, and is granted it only when the window is gone,
// even a tab that was killed and never said goodbye. A window that cannot
// hold a lock (not a secure context) beats instead, and is gone once silent.
//
// A helper that stops answering (its user's beats say so: shared/helperBeats.ts)
// is replaced: the roster names a new SharedWorker of it and asks every window
// to connect to it and hand its port over (WorkerEvent "helper"); the first
// port of that name is the one the core uses from then on. A window that
// joins later connects to it too, so it lives as long as any window does.
import type { WorkerEvent } from "../../contract/telemetryApi";
import type { HelperKind, HelperName, WindowHello } from "../../contract/windows";
import { HELPER_NAMES, replacementName } from "../../shared/workerNames";
import { BEAT_EVERY_MS, BEAT_SILENCE_MS } from "../../shared/windowBeats";
import { realTimers, type TimerHandle, type Timers } from "../sources/timers";

/** The part of navigator.locks the roster uses (tests pass a fake). */
export interface LocksLike {
  request(name: string, callback: () => unknown): Promise<unknown>;
  query?(): Promise<{ held?: { name?: string }[]; pending?: { name?: string }[] }>;
}

/** How often, and how long, the core looks for a window's presence lock before asking for it. */
const LOOK_EVERY_MS = 20;
const LOOK_FOR_MS = 10_000;

/** The SharedWorker of a helper the core uses: its name, and its port once a window brought it. */
interface Helper {
  name: string;
  port: MessagePort | null;
  /** Users waiting for the port of a replacement. */
  waiting: ((port: MessagePort) => void)[];
}

/** A join of a window that beats instead of holding a lock. */
export interface Beats {
  beat(): void;
  /** The window left on its own: no more listening. */
  forget(): void;
}

export class WindowRoster {
  private readonly helpers: Record<HelperKind, Helper> = {
    storage: { name: HELPER_NAMES.storage, port: null, waiting: [] },
    pollReader: { name: HELPER_NAMES.pollReader, port: null, waiting: [] },
  };
  /** ?coreStorage=inline of the window that started the core (a measuring switch). */
  inlineStorage = false;
  /** Tells every window of the core (set by its host, sharedCore.worker.ts). */
  tellWindows: (event: WorkerEvent) => void = () => undefined;

  /** Windows that beat instead of holding a lock: when each last did, and what to do once it is gone. */
  private readonly beating = new Map<Beats, { last: number; gone: () => void }>();
  private silenceCheck: TimerHandle | null = null;

  constructor(
    private readonly locks: LocksLike | null,
    private readonly timers: Timers = realTimers,
  ) {}

  /**
   * A window joins. The window that starts the core (`startsCore`) brings the
   * ports the core uses from then on (helpers of a core that served no one
   * may have gone with their last window); a later window's ports are taken
   * only where the core has none working. `gone` runs once the window has left.
   */
  greet(hello: WindowHello, startsCore: boolean, gone: () => void): Beats | null {
    if (startsCore) this.inlineStorage = hello.coreStorage === "inline";
    const ports = { storage: hello.storagePort, pollReader: hello.pollReaderPort };
    for (const kind of ["storage", "pollReader"] as const) {
      const helper = this.helpers[kind];
      if (startsCore) {
        // A core starting afresh uses the helpers every window starts, under their first names.
        helper.name = HELPER_NAMES[kind];
        helper.port = ports[kind] ?? helper.port;
      } else this.take(kind, HELPER_NAMES[kind], ports[kind] ?? null);
    }
    if (hello.beats === true) return this.listen(gone);
    if (typeof hello.lockName === "string" && hello.lockName !== "")
      void this.watch(hello.lockName, gone).catch(() => undefined);
    return null;
  }

  /**
   * A window's port to the helper SharedWorker `name`: used when the core has
   * no working port to that helper and `name` is the one it asked for.
   */
  take(kind: HelperKind, name: string, port: MessagePort | null): void {
    const helper = this.helpers[kind];
    if (!port || helper.port || helper.name !== name) return;
    helper.port = port;
    for (const resolve of helper.waiting.splice(0)) resolve(port);
  }

  /**
   * A helper stopped answering: every window is asked to start one under a
   * new name (a hung one still holds the old name); resolves with the first
   * port a window brings. Users that ask while one is awaited wait for it.
   */
  replacement(kind: HelperKind): Promise<MessagePort> {
    const helper = this.helpers[kind];
    if (helper.port || helper.waiting.length === 0) {
      helper.name = replacementName(kind);
      helper.port = null;
    }
    // Told again when asked again: a window that could not start it before may now.
    this.tellWindows({ type: "helper", kind, name: helper.name, lost: true });
    return new Promise((resolve) => helper.waiting.push(resolve));
  }

  /** Helpers the core replaced: a window that joins connects to them too (they live while any window does). */
  replaced(): HelperName[] {
    return (["storage", "pollReader"] as const)
      .filter((kind) => this.helpers[kind].name !== HELPER_NAMES[kind])
      .map((kind) => ({ kind, name: this.helpers[kind].name }));
  }

  /**
   * Listens for a window's beats: it is gone after BEAT_SILENCE_MS without
   * one. Each join has its own listening (a window that joins again, or a
   * restart's new line, does not share the old one's).
   */
  private listen(gone: () => void): Beats {
    const beats: Beats = {
      beat: () => {
        const window = this.beating.get(beats);
        if (window) window.last = this.timers.now();
      },
      forget: () => {
        this.beating.delete(beats);
        if (this.beating.size > 0 || this.silenceCheck === null) return;
        this.timers.clearInterval(this.silenceCheck);
        this.silenceCheck = null;
      },
    };
    this.beating.set(beats, { last: this.timers.now(), gone });
    this.silenceCheck ??= this.timers.setInterval(() => {
      const now = this.timers.now();
      for (const [silent, window] of this.beating)
        if (now - window.last > BEAT_SILENCE_MS) {
          silent.forget();
          window.gone();
        }
    }, BEAT_EVERY_MS);
    return beats;
  }

  /**
   * Ask for the window's presence lock once the window has asked for it (the
   * window does not wait for its grant before joining, so the core could
   * otherwise ask first and take a live window for gone). Granted only when
   * the window let go: it closed, crashed or was killed. A lock never seen
   * (a window that cannot hold one) is left to the window's pagehide.
   */
  private async watch(name: string, gone: () => void): Promise<void> {
    const locks = this.locks;
    if (!locks) return;
    if (locks.query) {
      const deadline = Date.now() + LOOK_FOR_MS;
      for (;;) {
        const { held = [], pending = [] } = await locks.query();
        if ([...held, ...pending].some((lock) => lock.name === name)) break;
        if (Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      }
    }
    await locks.request(name, () => gone());
  }

  /** A helper that did not answer at its first use: the next window that brings one replaces it. */
  lost(kind: HelperKind): void {
    this.helpers[kind].port = null;
  }

  /**
   * A line of its own to a helper SharedWorker (one per session store, one
   * per poll reader), or null when no window brought that helper's port.
   */
  line(kind: HelperKind): MessagePort | null {
    const port = this.helpers[kind].port;
    return port && lineOn(port);
  }

  /** A line to the helper that replaces one that stopped answering (see replacement). */
  async replacementLine(kind: HelperKind): Promise<MessagePort> {
    return lineOn(await this.replacement(kind));
  }

  /** The port to the storage SharedWorker (RemoteSessionDb asks it for a line itself). */
  get storage(): MessagePort | null {
    return this.helpers.storage.port;
  }
}

/** Asks a helper SharedWorker for a line of its own (HelperConnect). */
function lineOn(port: MessagePort): MessagePort {
  const channel = new MessageChannel();
  port.postMessage({ connect: channel.port2 }, [channel.port2]);
  return channel.port1;
}
