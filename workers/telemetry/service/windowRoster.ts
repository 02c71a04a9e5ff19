// The windows a shared core serves (issue 38): who is there, and the ports
// through which the core reaches its helper threads. A shared core runs in a
// SharedWorker, which cannot start workers, so the storage and poll reader
// threads are SharedWorkers that every window starts and hands to the core in
// its hello. A window is there while it holds its presence lock: the core
// asks for the same lock, and is granted it only when the window is gone,
// even a tab that was killed and never said goodbye. A window that cannot
// hold a lock (not a secure context) beats instead, and is gone once silent.
import type { WindowHello } from "../../contract/windows";
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

type HelperKind = "storage" | "pollReader";

/** A join of a window that beats instead of holding a lock. */
export interface Beats {
  beat(): void;
  /** The window left on its own: no more listening. */
  forget(): void;
}

export class WindowRoster {
  private storagePort: MessagePort | null = null;
  private pollReaderPort: MessagePort | null = null;
  /** ?coreStorage=inline of the window that started the core (a measuring switch). */
  inlineStorage = false;

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
    if (startsCore) {
      this.inlineStorage = hello.coreStorage === "inline";
      this.storagePort = hello.storagePort ?? this.storagePort;
      this.pollReaderPort = hello.pollReaderPort ?? this.pollReaderPort;
    } else {
      this.storagePort ??= hello.storagePort ?? null;
      this.pollReaderPort ??= hello.pollReaderPort ?? null;
    }
    if (hello.beats === true) return this.listen(gone);
    if (typeof hello.lockName === "string" && hello.lockName !== "")
      void this.watch(hello.lockName, gone).catch(() => undefined);
    return null;
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

  /** A helper that did not answer: the next window that brings one replaces it. */
  lost(kind: HelperKind): void {
    if (kind === "storage") this.storagePort = null;
    else this.pollReaderPort = null;
  }

  /**
   * A line of its own to a helper SharedWorker (one per session store, one
   * per poll reader), or null when no window brought that helper's port.
   */
  line(kind: HelperKind): MessagePort | null {
    const port = kind === "storage" ? this.storagePort : this.pollReaderPort;
    if (!port) return null;
    const channel = new MessageChannel();
    port.postMessage({ connect: channel.port2 }, [channel.port2]);
    return channel.port1;
  }

  /** The port to the storage SharedWorker (RemoteSessionDb asks it for a line itself). */
  get storage(): MessagePort | null {
    return this.storagePort;
  }
}
