// The windows joined to one core, in the order they joined: what is told to
// all of them, how many may replay at once (each replay holds its own
// history), and whose serial port the radio is (the browser ties it to the
// window that attached it, so it goes when that window leaves).
import type { WorkerEvent } from "../../contract/telemetryApi";
import { MAX_REPLAYS, type CoreHosting, type WindowsState } from "../../contract/windows";
import type { CoreViewer } from "./coreTypes";
import { RADIO_WINDOW_GONE_TEXT } from "./windowTexts";

export class CoreWindows implements Iterable<CoreViewer> {
  private readonly joined = new Set<CoreViewer>();
  /** The window that attached the radio (null: none, or not a window's). */
  radioOwner: CoreViewer | null = null;

  get count(): number {
    return this.joined.size;
  }

  has(viewer: CoreViewer): boolean {
    return this.joined.has(viewer);
  }

  add(viewer: CoreViewer): void {
    this.joined.add(viewer);
  }

  [Symbol.iterator](): Iterator<CoreViewer> {
    return this.joined.values();
  }

  /**
   * `viewer` leaves. When the radio was its own and others stay, the radio is
   * detached (`detachRadio`) and they are told: no other window can read it.
   */
  remove(viewer: CoreViewer, detachRadio: () => void): void {
    this.joined.delete(viewer);
    if (this.radioOwner !== viewer) return;
    this.radioOwner = null;
    if (this.joined.size === 0) return;
    detachRadio();
    this.broadcast({ type: "sessionNotice", level: "warning", message: RADIO_WINDOW_GONE_TEXT });
  }

  broadcast(event: WorkerEvent): void {
    for (const viewer of this.joined) viewer.send(event);
  }

  /** Whether `viewer` may start a replay: it replays already, or fewer than MAX_REPLAYS others do. */
  mayReplay(viewer: CoreViewer): boolean {
    if (!viewer.showsLive) return true;
    let replaying = 0;
    for (const other of this.joined) if (other !== viewer && !other.showsLive) replaying++;
    return replaying < MAX_REPLAYS;
  }

  /** Where the core runs, how many windows it serves and who records. */
  state(hosting: CoreHosting, recorderHeld: boolean): WindowsState {
    let recorder: WindowsState["recorder"] = "core";
    if (hosting === "own") recorder = recorderHeld ? "this window" : "another window";
    return { hosting, count: this.joined.size, recorder };
  }
}
