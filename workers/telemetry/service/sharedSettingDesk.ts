// The one way a setting shared by every window changes in the worker (issue
// 55, "One way for a shared setting"): compare, set, and tell the other
// windows, written once here. The core's own settings (source, backend,
// recording, upgrade, finish line) and each feature's (alert rules, math
// channels, sector lines, strategy settings, a plugged-in one's) all go
// through `change`. A window that joins a running core is told every kind, so
// it shows the core's values, not those its page saved: the finish line too,
// which a late window could otherwise learn only from the next broadcast.
import type { LapCoords } from "../../contract/laps";
import type { SharedSettingKind } from "../../contract/windows";
import type { CoreViewer } from "./coreTypes";
import { canonical } from "./sameSetting";

/** A setter's answer took (no `{ ok: false }`). */
export const taken = (result: unknown): boolean =>
  (result as { ok?: unknown } | undefined)?.ok !== false;

export class SharedSettingDesk {
  /**
   * The finish line in force: the saved one the first window started with,
   * then each one the backend (or the demo) confirms. Kept here, not only
   * broadcast, so a window that joins later cuts laps with it too.
   */
  line: LapCoords | null = null;

  constructor(
    private readonly windows: () => Iterable<CoreViewer>,
    /** Every kind the core holds, its own and its features' (a late window hears each). */
    private readonly kinds: () => readonly SharedSettingKind[],
  ) {}

  /**
   * `apply` sets it; when it took (no `{ ok: false }`) and its value moved
   * (as `read` gives it, compared by `canonical`), `moved` runs (what follows
   * from a new value only) and the other windows are told. Not the window
   * that changed it (it shows it already), and nothing when nothing changed: a
   * window that sets what it was told sets no new change, so no echo.
   */
  change<R>(
    kind: SharedSettingKind,
    from: CoreViewer | undefined,
    read: () => unknown,
    apply: () => R,
    moved?: () => void,
  ): R {
    const before = canonical(read());
    const result = apply();
    if (!taken(result) || canonical(read()) === before) return result;
    moved?.();
    for (const viewer of this.windows()) if (viewer !== from) this.tell(viewer, [kind]);
    return result;
  }

  /** The backend (or the demo) confirmed a line: every window shows it, the asking one too. */
  moveLine(coords: LapCoords): void {
    this.change(
      "finishLine",
      undefined,
      () => this.line,
      () => void (this.line = coords),
    );
  }

  /** A window joined a running core: it reads every shared setting again. */
  joined(viewer: CoreViewer): void {
    this.tell(viewer, this.kinds());
  }

  /** The finish line travels in its own "lapCoords" event; the others are read again by kind. */
  private tell(viewer: CoreViewer, kinds: readonly SharedSettingKind[]): void {
    const plain = kinds.filter((kind) => kind !== "finishLine");
    if (plain.length > 0) viewer.send({ type: "sharedSettings", kinds: plain });
    if (this.line && kinds.includes("finishLine"))
      viewer.send({ type: "lapCoords", coords: this.line });
  }
}
