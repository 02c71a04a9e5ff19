// When the telemetry core stops answering. A shared core runs in the process
// of one tab; if that tab crashes or is killed, every other window's line to
// the core goes silent, and its page would freeze on its last numbers,
// looking live. So a silent core is said at once (status bar and a toast),
// and a second line asks whether a core answers there: if one does, this
// window's line is dead and the page is reloaded, which joins the core afresh
// (settings, rules and the recorded history come back as at any start); if
// none does, the core is busy and the window waits, saying so.
import type { CoreLine } from "../../state/coreLine";
import type { Notification } from "../../state/notificationQueue";

/** How long the second line waits for an answer before the core is taken for busy. */
const PROBE_MS = 5_000;
/**
 * A core answering on the second line must still find the old line silent
 * this much later before the page reloads: after a laptop's sleep the old
 * line's answer is merely late, and comes within this.
 */
const GRACE_MS = 3_000;
/** No second reload within this long of the last one (a core that dies at start would loop). */
export const RELOAD_AGAIN_AFTER_MS = 60_000;
/** sessionStorage: when this window last reloaded to join the core again, and whether it was told. */
export const CORE_RELOAD_KEY = "helios.coreReload";

export const CORE_TEXTS = {
  silent: "The telemetry core has not answered for 10 s: the numbers shown are not live.",
  back: "The telemetry core answers again: the numbers are live.",
  reloaded:
    "The telemetry core had stopped (the window whose process ran it closed or crashed): this window was reloaded to start it again.",
  stoppedAgain:
    "The telemetry core stopped again within a minute of the last reload: reload this window to try again.",
} as const;

type Note = Omit<Notification, "id">;
const note = (message: string, intent: Notification["intent"]): Note => ({
  title: "Telemetry core",
  message,
  intent,
});

export interface CoreWatchDeps {
  onSilence(listener: (silent: boolean) => void): () => void;
  probeCore(timeoutMs: number): Promise<"answers" | "no answer">;
  setLine(line: CoreLine): void;
  notify(note: Note): void;
  reload(): void;
  delay(ms: number): Promise<void>;
  storage: Pick<Storage, "getItem" | "setItem">;
  now(): number;
}

interface Reload {
  at: number;
  told: boolean;
}

function lastReload(storage: Pick<Storage, "getItem">): Reload | null {
  try {
    const value = JSON.parse(storage.getItem(CORE_RELOAD_KEY) ?? "null") as Reload | null;
    return typeof value?.at === "number" ? value : null;
  } catch {
    return null;
  }
}

/** Watches the core's answers; returns the unsubscribe. */
export function watchCore(deps: CoreWatchDeps): () => void {
  let silent = false;
  return deps.onSilence((nowSilent) => {
    silent = nowSilent;
    deps.setLine(nowSilent ? "silent" : "answers");
    deps.notify(nowSilent ? note(CORE_TEXTS.silent, "danger") : note(CORE_TEXTS.back, "success"));
    if (!nowSilent) return;
    void deps.probeCore(PROBE_MS).then(async (answer) => {
      if (!silent) return; // the old line answered meanwhile
      if (answer === "no answer") return deps.setLine("busy");
      await deps.delay(GRACE_MS);
      if (!silent) return; // late, not dead (a tab woken from sleep or freezing)
      const last = lastReload(deps.storage);
      if (last && deps.now() - last.at < RELOAD_AGAIN_AFTER_MS)
        return deps.notify(note(CORE_TEXTS.stoppedAgain, "danger"));
      deps.storage.setItem(CORE_RELOAD_KEY, JSON.stringify({ at: deps.now(), told: false }));
      deps.reload();
    });
  });
}

/** At start: the notice of a reload watchCore made, once (null when this start was not one). */
export function reloadNotice(storage: Pick<Storage, "getItem" | "setItem">): Note | null {
  const last = lastReload(storage);
  if (!last || last.told) return null;
  storage.setItem(CORE_RELOAD_KEY, JSON.stringify({ ...last, told: true }));
  return note(CORE_TEXTS.reloaded, "warning");
}
