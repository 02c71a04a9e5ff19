// When the telemetry core stops answering. A shared core runs in the process
// of one tab; if that tab crashes or is killed, every other window's line to
// the core goes silent, and its page would freeze on its last numbers,
// looking live. A core can also hang (a loop that never ends), and then
// every window's line is silent while it lives.
//
// - Gone: the browser grants this window the core's life lock
//   (TelemetryClient.onCoreGone) within ms of its death. The window says so
//   and reloads, which starts a core again and joins it (settings, rules and
//   the recorded history come back as at any start; a DEMO recording goes on
//   in the same session: WorkerConfig.restartsCore).
// - Silent (no Web Locks, or a hung core): after CORE_SILENCE_MS the window
//   says the numbers are not live, and a second line asks whether a core
//   answers there. If one does, this window's line is dead: it reloads. If
//   none does, the core is busy and the window waits, saying so.
// - Hung: still silent CORE_REPLACE_AFTER_MS after the unanswered request,
//   and a last probe unanswered too, the window starts a new core under the
//   next name (coreName.ts), says so and reloads into it. Every window that
//   gives up on the same core reaches the same name; a window whose core is
//   silent while a core of another name starts joins it at once.
import type { CoreLine } from "../../state/coreLine";
import type { Notification } from "../../state/notificationQueue";
import { CORE_SILENCE_MS } from "../../worker-client/liveStore";

/** How long the second line waits for an answer before the core is taken for busy. */
const PROBE_MS = 5_000;
/**
 * A core answering on the second line must still find the old line silent
 * this much later before the page reloads: after a laptop's sleep the old
 * line's answer is merely late, and comes within this.
 */
const GRACE_MS = 3_000;
/**
 * A core that has not answered for this long (from the request it left
 * unanswered) is replaced. The core's longest piece of work measured is a
 * few seconds (5,000 alert rules: 3.4 s, issue 58), so 20 s is a core that
 * is stuck, not busy; and it is "not live" for 10 s of it already.
 */
export const CORE_REPLACE_AFTER_MS = 20_000;
/**
 * The last probe before a replacement: a window that slept (its timers ran
 * late) finds a core that answers within this, and keeps it.
 */
const LAST_PROBE_MS = 2_000;
/** A window told its core is gone shows it this long before it reloads (the marker and the toast). */
const SHOW_BEFORE_RELOAD_MS = 300;
/** No second reload within this long of the last one (a core that dies at start would loop). */
export const RELOAD_AGAIN_AFTER_MS = 60_000;
/** sessionStorage: when this window last reloaded to join a core again, why, and whether it was told. */
export const CORE_RELOAD_KEY = "helios.coreReload";

export const CORE_TEXTS = {
  silent: `The telemetry core has not answered for ${CORE_SILENCE_MS / 1000} s: the numbers shown are not live.`,
  back: "The telemetry core answers again: the numbers are live.",
  stopped:
    "The telemetry core stopped (the window whose process ran it closed or crashed): this window reloads to start it again.",
  reloaded:
    "The telemetry core had stopped (the window whose process ran it closed or crashed): this window was reloaded to start it again.",
  stoppedAgain:
    "The telemetry core stopped again within a minute of the last reload: reload this window to try again.",
  replacing: `The telemetry core has not answered for ${CORE_REPLACE_AFTER_MS / 1000} s: a new one is started.`,
  /** After the reload: `name`, the new shared core's; null, a core of this window's own. */
  replaced: (name: string | null) =>
    `The telemetry core did not answer for ${CORE_REPLACE_AFTER_MS / 1000} s: ` +
    (name === null
      ? "this window was reloaded to start it again."
      : `the windows started a new one ("${name}"), and this window was reloaded to join it.`),
} as const;

type Note = Omit<Notification, "id">;
const note = (message: string, intent: Notification["intent"]): Note => ({
  title: "Telemetry core",
  message,
  intent,
});

export interface CoreWatchDeps {
  onSilence(listener: (silent: boolean) => void): () => void;
  /** The core is gone (its life lock was granted: TelemetryClient.onCoreGone). */
  onGone(listener: () => void): () => void;
  /** A core of another name started (another window replaced this one's: TelemetryClient.onOtherCore). */
  onOtherCore(listener: (name: string) => void): () => void;
  probeCore(timeoutMs: number): Promise<"answers" | "no answer">;
  /**
   * Gives up on this window's core: the name of the shared core that
   * replaces it (coreName.ts), or null for a core of the window's own, which
   * a reload starts again.
   */
  replaceCore(): string | null;
  setLine(line: CoreLine): void;
  notify(note: Note): void;
  reload(): void;
  delay(ms: number): Promise<void>;
  storage: Pick<Storage, "getItem" | "setItem">;
  now(): number;
}

/** Why this window last reloaded to join a core: it had stopped, or it hung (and `replacedBy` took over). */
interface Reload {
  at: number;
  told: boolean;
  hung?: true;
  replacedBy?: string;
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
  /** Set once this window reloads (or gave up reloading): nothing more is done. */
  let leaving = false;
  /** Reloads to join a core again, unless it did within the last minute (a loop). */
  const reloadOnce = (hung?: { replacedBy: string | null }): boolean => {
    if (leaving) return false;
    leaving = true;
    const last = lastReload(deps.storage);
    if (last && deps.now() - last.at < RELOAD_AGAIN_AFTER_MS) {
      deps.notify(note(CORE_TEXTS.stoppedAgain, "danger"));
      return false;
    }
    const reload: Reload = { at: deps.now(), told: false };
    if (hung) reload.hung = true;
    if (hung?.replacedBy) reload.replacedBy = hung.replacedBy;
    deps.storage.setItem(CORE_RELOAD_KEY, JSON.stringify(reload));
    deps.reload();
    return true;
  };

  const gone = async () => {
    if (leaving) return;
    deps.setLine("stopped");
    deps.notify(note(CORE_TEXTS.stopped, "danger"));
    await deps.delay(SHOW_BEFORE_RELOAD_MS);
    reloadOnce();
  };

  /** Still silent CORE_REPLACE_AFTER_MS after the unanswered request: a new core, under the next name. */
  const replaceIfStillSilent = async (silentSince: number) => {
    await deps.delay(Math.max(0, silentSince + CORE_REPLACE_AFTER_MS - deps.now()));
    if (!silent || leaving) return;
    const answer = await deps.probeCore(LAST_PROBE_MS);
    if (!silent || leaving) return;
    if (answer === "answers") return void reloadOnce(); // this line died, the core lives
    const replacedBy = deps.replaceCore();
    deps.setLine("replacing");
    deps.notify(note(CORE_TEXTS.replacing, "danger"));
    reloadOnce({ replacedBy });
  };

  const offSilence = deps.onSilence((nowSilent) => {
    if (leaving) return;
    silent = nowSilent;
    deps.setLine(nowSilent ? "silent" : "answers");
    deps.notify(nowSilent ? note(CORE_TEXTS.silent, "danger") : note(CORE_TEXTS.back, "success"));
    if (!nowSilent) return;
    // The request has gone unanswered since CORE_SILENCE_MS ago.
    const silentSince = deps.now() - CORE_SILENCE_MS;
    void deps.probeCore(PROBE_MS).then(async (answer) => {
      if (!silent || leaving) return; // the old line answered meanwhile
      if (answer === "no answer") {
        deps.setLine("busy");
        return replaceIfStillSilent(silentSince);
      }
      await deps.delay(GRACE_MS);
      if (!silent) return; // late, not dead (a tab woken from sleep or freezing)
      reloadOnce();
    });
  });
  const offGone = deps.onGone(() => void gone());
  // Another window gave up on this core first: join the new one (this core's silence agrees).
  const offOther = deps.onOtherCore((name) => {
    if (silent && !leaving) reloadOnce({ replacedBy: name });
  });
  return () => {
    offSilence();
    offGone();
    offOther();
  };
}

/** At start: the notice of a reload watchCore made, once (null when this start was not one). */
export function reloadNotice(storage: Pick<Storage, "getItem" | "setItem">): Note | null {
  const last = lastReload(storage);
  if (!last || last.told) return null;
  storage.setItem(CORE_RELOAD_KEY, JSON.stringify({ ...last, told: true }));
  return last.hung
    ? note(CORE_TEXTS.replaced(last.replacedBy ?? null), "warning")
    : note(CORE_TEXTS.reloaded, "warning");
}
