// The windows a shared core serves (issue 38): who is there, and the ports
// through which the core reaches its helper threads. A shared core runs in a
// SharedWorker, which cannot start workers, so the storage and poll reader
// threads are SharedWorkers that every window starts and hands to the core in
// its hello. A window is there while it holds its presence lock: the core
// asks for the same lock, and is granted it only when the window is gone,
// even a tab that was killed and never said goodbye.
import type { WindowHello } from "../../contract/windows";

/** The part of navigator.locks the roster uses (tests pass a fake). */
export interface LocksLike {
  request(name: string, callback: () => unknown): Promise<unknown>;
  query?(): Promise<{ held?: { name?: string }[]; pending?: { name?: string }[] }>;
}

/** How often, and how long, the core looks for a window's presence lock before asking for it. */
const LOOK_EVERY_MS = 20;
const LOOK_FOR_MS = 10_000;

export type HelperKind = "storage" | "pollReader";

export class WindowRoster {
  private storagePort: MessagePort | null = null;
  private pollReaderPort: MessagePort | null = null;
  /** ?coreStorage=inline of the window that started the core (a measuring switch). */
  inlineStorage = false;

  constructor(private readonly locks: LocksLike | null) {}

  /**
   * A window joins. The window that starts the core (`startsCore`) brings the
   * ports the core uses from then on (helpers of a core that served no one
   * may have gone with their last window); a later window's ports are taken
   * only where the core has none working. `gone` runs once the window has left.
   */
  greet(hello: WindowHello, startsCore: boolean, gone: () => void): void {
    if (startsCore) {
      this.inlineStorage = hello.coreStorage === "inline";
      this.storagePort = hello.storagePort ?? this.storagePort;
      this.pollReaderPort = hello.pollReaderPort ?? this.pollReaderPort;
    } else {
      this.storagePort ??= hello.storagePort ?? null;
      this.pollReaderPort ??= hello.pollReaderPort ?? null;
    }
    if (typeof hello.lockName === "string" && hello.lockName !== "")
      void this.watch(hello.lockName, gone).catch(() => undefined);
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
