// A core that stops answering. Gone (its life lock granted: a shared core
// dies with the tab whose process ran it): the window says so and reloads
// at once. Silent: the live store says so after CORE_SILENCE_MS, and the
// watch asks a second line; a core answering there means this window's line
// is dead, and the page reloads once (not in a loop), the next start saying
// why. No answer means a busy core: the window waits and says so, and a core
// still silent CORE_REPLACE_AFTER_MS after the unanswered request (a hung
// one) is replaced under the next name, which every window reaches (issue
// 58, item 13). A line that answers again meanwhile is kept. Fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CORE_SILENCE_MS, LiveStore } from "../../src/worker-client/liveStore";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import {
  CORE_RELOAD_KEY,
  CORE_REPLACE_AFTER_MS,
  CORE_TEXTS,
  RELOAD_AGAIN_AFTER_MS,
  reloadNotice,
  watchCore,
  type CoreWatchDeps,
} from "../../src/shell/wiring/coreWatch";
import type { CoreLine } from "../../src/state/coreLine";
import { CORE_NAME_KEY, replaceCore, savedCoreName } from "../../src/worker-client/coreName";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("LiveStore: a core that stops answering", () => {
  beforeEach(() => vi.useRealTimers());

  it("is heard silent after the silence, and answering once its answer comes", async () => {
    let release: (() => void) | null = null;
    let calls = 0;
    const client = {
      api: {
        snapshot: () => {
          calls++;
          // The second request hangs until released (the core stopped, or is busy).
          if (calls === 2)
            return new Promise<never>((resolve) => (release = () => resolve(undefined as never)));
          return Promise.reject(new Error("not a snapshot")); // answered, nothing to apply
        },
      },
    } as unknown as TelemetryClient;
    const store = new LiveStore(client, 5, 60);
    const heard: boolean[] = [];
    store.onSilence((silent) => heard.push(silent));
    store.start();
    await wait(40);
    expect(heard).toEqual([]);
    await wait(60);
    expect(heard).toEqual([true]);
    release!();
    await wait(10);
    expect(heard).toEqual([true, false]);
    store.stop();
  });
});

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

/**
 * One window's watch on fake timers. `core`: what a probe finds ("answers":
 * a core lives on a new line; "hung": nothing answers within the probe's
 * time). `shared`: the localStorage every window of the browser shares.
 */
function watched(
  core: "answers" | "hung",
  { storage = memoryStorage(), shared = memoryStorage(), joined = "helios-core", own = false } = {},
) {
  const listeners = {
    silence: null as ((silent: boolean) => void) | null,
    gone: null as (() => void) | null,
    other: null as ((name: string) => void) | null,
  };
  const lines: CoreLine[] = [];
  const notes: string[] = [];
  const reloads: string[] = [];
  const deps: CoreWatchDeps = {
    onSilence: (l) => ((listeners.silence = l), () => undefined),
    onGone: (l) => ((listeners.gone = l), () => undefined),
    onOtherCore: (l) => ((listeners.other = l), () => undefined),
    probeCore: (ms) =>
      core === "answers"
        ? Promise.resolve("answers")
        : new Promise((resolve) => setTimeout(() => resolve("no answer"), ms)),
    replaceCore: () => (own ? null : replaceCore(shared, joined)),
    setLine: (line) => void lines.push(line),
    notify: (note) => void notes.push(note.message),
    reload: () => void reloads.push(savedCoreName(shared)),
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    storage,
    now: () => Date.now(),
  };
  watchCore(deps);
  return {
    /** The live store's word: silent once its request went CORE_SILENCE_MS unanswered. */
    silent: (value: boolean) => listeners.silence!(value),
    gone: () => listeners.gone!(),
    otherCore: (name: string) => listeners.other!(name),
    lines,
    notes,
    reloads,
    storage,
  };
}

const seconds = (s: number) => vi.advanceTimersByTimeAsync(s * 1000);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe("watchCore: a core that is gone", () => {
  it("says so at once and reloads; the next start tells why, once", async () => {
    const w = watched("answers");
    w.gone();
    expect(w.lines).toEqual(["stopped"]);
    expect(w.notes).toEqual([CORE_TEXTS.stopped]);
    await seconds(0.3);
    expect(w.reloads).toHaveLength(1);
    expect(reloadNotice(w.storage)?.message).toBe(CORE_TEXTS.reloaded);
    expect(reloadNotice(w.storage)).toBeNull();
  });

  it("does not reload again within a minute of its last reload (a core that dies at start)", async () => {
    const storage = memoryStorage();
    storage.setItem(
      CORE_RELOAD_KEY,
      JSON.stringify({ at: Date.now() - RELOAD_AGAIN_AFTER_MS / 2, told: true }),
    );
    const w = watched("answers", { storage });
    w.gone();
    await seconds(1);
    expect(w.reloads).toHaveLength(0);
    expect(w.notes.at(-1)).toBe(CORE_TEXTS.stoppedAgain);
  });
});

describe("watchCore: a silent core", () => {
  it("a dead line to a live core: says so, reloads after the grace", async () => {
    const w = watched("answers");
    w.silent(true);
    expect(w.lines).toEqual(["silent"]);
    expect(w.notes).toEqual([CORE_TEXTS.silent]);
    await seconds(2.9);
    expect(w.reloads).toHaveLength(0); // not before the grace
    await seconds(0.2);
    expect(w.reloads).toHaveLength(1);
    expect(reloadNotice(w.storage)?.message).toBe(CORE_TEXTS.reloaded);
  });

  it("a line that answers within the grace is not reloaded (a laptop woken from sleep)", async () => {
    const w = watched("answers");
    w.silent(true);
    await seconds(1);
    w.silent(false);
    await seconds(60);
    expect(w.reloads).toHaveLength(0);
    expect(w.lines).toEqual(["silent", "answers"]);
  });

  it("a busy core that answers before the stated time is waited for, and said live again", async () => {
    const w = watched("hung");
    w.silent(true);
    await seconds(5);
    expect(w.lines).toEqual(["silent", "busy"]);
    await seconds((CORE_REPLACE_AFTER_MS - CORE_SILENCE_MS) / 1000 - 5.1);
    w.silent(false);
    await seconds(60);
    expect(w.reloads).toHaveLength(0);
    expect(w.lines.at(-1)).toBe("answers");
    expect(w.notes.at(-1)).toBe(CORE_TEXTS.back);
  });
});

describe("watchCore: a hung core is replaced under a new name", () => {
  it("after the stated time and a last probe, says so and reloads into the next core", async () => {
    const shared = memoryStorage();
    const w = watched("hung", { shared });
    w.silent(true); // the request went unanswered CORE_SILENCE_MS ago
    const toDeadline = (CORE_REPLACE_AFTER_MS - CORE_SILENCE_MS) / 1000;
    await seconds(toDeadline + 1.9);
    expect(w.reloads).toHaveLength(0); // the last probe is still out
    await seconds(0.2);
    expect(w.lines.at(-1)).toBe("replacing");
    expect(w.notes.at(-1)).toBe(CORE_TEXTS.replacing);
    expect(w.reloads).toEqual(["helios-core-2"]);
    expect(shared.getItem(CORE_NAME_KEY)).toBe("helios-core-2");
    expect(reloadNotice(w.storage)?.message).toBe(CORE_TEXTS.replaced("helios-core-2"));
  });

  it("every window that gives up on the same core reaches the same name, never the one after", async () => {
    const shared = memoryStorage();
    const a = watched("hung", { shared });
    const b = watched("hung", { shared });
    a.silent(true);
    await seconds(3);
    b.silent(true);
    await seconds(CORE_REPLACE_AFTER_MS / 1000);
    expect([...a.reloads, ...b.reloads]).toEqual(["helios-core-2", "helios-core-2"]);
    // The next one hangs too: it is replaced in turn.
    const c = watched("hung", { shared, joined: "helios-core-2" });
    c.silent(true);
    await seconds(CORE_REPLACE_AFTER_MS / 1000);
    expect(c.reloads).toEqual(["helios-core-3"]);
  });

  it("a window whose core is silent joins a core another window started; one whose core answers does not", async () => {
    const silent = watched("hung");
    const live = watched("hung");
    silent.silent(true);
    silent.otherCore("helios-core-2");
    live.otherCore("helios-core-2");
    expect(silent.reloads).toHaveLength(1);
    expect(live.reloads).toHaveLength(0);
    expect(reloadNotice(silent.storage)?.message).toBe(CORE_TEXTS.replaced("helios-core-2"));
  });

  it("a window that slept finds its core answering at the last probe, and keeps it", async () => {
    const w = watched("hung");
    w.silent(true);
    await seconds((CORE_REPLACE_AFTER_MS - CORE_SILENCE_MS) / 1000 + 1);
    w.silent(false); // the answer that waited behind the sleep
    await seconds(5);
    expect(w.reloads).toHaveLength(0);
    expect(w.lines.at(-1)).toBe("answers");
  });
});

describe("watchCore: a hung core of the window's own", () => {
  it("is started again by a reload after the stated time, which says so", async () => {
    const w = watched("hung", { own: true });
    w.silent(true);
    await seconds((CORE_REPLACE_AFTER_MS - CORE_SILENCE_MS) / 1000 + 2.1);
    expect(w.reloads).toEqual(["helios-core"]); // no shared core's name moved
    expect(reloadNotice(w.storage)?.message).toBe(CORE_TEXTS.replaced(null));
  });
});

describe("reloadNotice", () => {
  it("a start that was not such a reload tells nothing", () => {
    expect(reloadNotice(memoryStorage())).toBeNull();
  });
});
