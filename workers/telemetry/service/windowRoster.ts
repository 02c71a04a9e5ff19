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
}

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
    if (this.locks && typeof hello.lockName === "string" && hello.lockName !== "")
      // Granted only when the window let go: it closed, crashed or was killed.
      void this.locks.request(hello.lockName, () => gone()).catch(() => undefined);
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
