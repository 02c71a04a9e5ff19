// A core that stops answering (a shared core dies with the tab whose process
// ran it): the live store says so after CORE_SILENCE_MS, and the watch asks a
// second line. A core answering there means this window's line is dead: the
// page reloads once (not in a loop), and the next start says why. No answer
// means a busy core: the window waits and says so. A line that answers again
// meanwhile is not reloaded.
import { describe, expect, it } from "vitest";
import { LiveStore } from "../../src/worker-client/liveStore";
import type { TelemetryClient } from "../../src/worker-client/TelemetryClient";
import {
  CORE_RELOAD_KEY,
  CORE_TEXTS,
  RELOAD_AGAIN_AFTER_MS,
  reloadNotice,
  watchCore,
  type CoreWatchDeps,
} from "../../src/shell/wiring/coreWatch";
import type { CoreLine } from "../../src/state/coreLine";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("LiveStore: a core that stops answering", () => {
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

function watched(probe: "answers" | "no answer", storage = memoryStorage(), now = 1_000_000) {
  let listener: ((silent: boolean) => void) | null = null;
  const lines: CoreLine[] = [];
  const notes: string[] = [];
  let reloads = 0;
  let answerProbe: (() => void) | null = null;
  let graceOver: (() => void) | null = null;
  const deps: CoreWatchDeps = {
    onSilence: (l) => ((listener = l), () => undefined),
    probeCore: () => new Promise((resolve) => (answerProbe = () => resolve(probe))),
    setLine: (line) => void lines.push(line),
    notify: (note) => void notes.push(note.message),
    reload: () => void reloads++,
    delay: () => new Promise((resolve) => (graceOver = () => resolve())),
    storage,
    now: () => now,
  };
  watchCore(deps);
  return {
    silent: (value: boolean) => listener!(value),
    probeAnswers: async () => {
      answerProbe!();
      await wait(0);
    },
    graceOver: async () => {
      graceOver?.();
      await wait(0);
    },
    lines,
    notes,
    reloads: () => reloads,
    storage,
  };
}

describe("watchCore", () => {
  it("a dead line to a live core: says so, reloads once, and the next start tells why once", async () => {
    const w = watched("answers");
    w.silent(true);
    expect(w.lines).toEqual(["silent"]);
    expect(w.notes).toEqual([CORE_TEXTS.silent]);
    await w.probeAnswers();
    expect(w.reloads()).toBe(0); // not before the grace
    await w.graceOver();
    expect(w.reloads()).toBe(1);
    expect(reloadNotice(w.storage)?.message).toBe(CORE_TEXTS.reloaded);
    expect(reloadNotice(w.storage)).toBeNull();
  });

  it("does not reload again within a minute of its last reload (a core that dies at start)", async () => {
    const storage = memoryStorage();
    storage.setItem(
      CORE_RELOAD_KEY,
      JSON.stringify({ at: 1_000_000 - RELOAD_AGAIN_AFTER_MS / 2, told: true }),
    );
    const w = watched("answers", storage);
    w.silent(true);
    await w.probeAnswers();
    await w.graceOver();
    expect(w.reloads()).toBe(0);
    expect(w.notes.at(-1)).toBe(CORE_TEXTS.stoppedAgain);
  });

  it("a busy core is waited for, and said live again when it answers", async () => {
    const w = watched("no answer");
    w.silent(true);
    await w.probeAnswers();
    expect(w.reloads()).toBe(0);
    expect(w.lines).toEqual(["silent", "busy"]);
    w.silent(false);
    expect(w.lines.at(-1)).toBe("answers");
    expect(w.notes.at(-1)).toBe(CORE_TEXTS.back);
  });

  it("a line that answers while the probe is out is not reloaded (a tab woken from freezing)", async () => {
    const w = watched("answers");
    w.silent(true);
    w.silent(false);
    await w.probeAnswers();
    expect(w.reloads()).toBe(0);
    expect(w.lines).toEqual(["silent", "answers"]);
  });

  it("a line that answers within the grace after the probe is not reloaded (a laptop woken from sleep)", async () => {
    const w = watched("answers");
    w.silent(true);
    await w.probeAnswers();
    w.silent(false);
    await w.graceOver();
    expect(w.reloads()).toBe(0);
    expect(w.lines).toEqual(["silent", "answers"]);
  });

  it("a start that was not such a reload tells nothing", () => {
    expect(reloadNotice(memoryStorage())).toBeNull();
  });
});
