import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserClock } from "../../src/state/clock";
import { LoadingPhases, type LoadingPhase } from "../../src/state/loadingPhases";
import { LoadingSignal, loadingForLink } from "../../src/state/loadingSignal";
import { loadingText } from "../../src/shell/loading/loadingText";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const link = (connectionType: "DEMO" | "NETWORK" | "RADIO", socket = false, radio = false) => ({
  connectionType,
  socketConnected: socket,
  radioConnected: radio,
});

describe("loading flag (spec §4)", () => {
  it("is true while NETWORK has no socket and RADIO has no radio; DEMO keeps it", () => {
    expect(loadingForLink(link("NETWORK"), false)).toBe(true);
    expect(loadingForLink(link("NETWORK", true), true)).toBe(false);
    expect(loadingForLink(link("RADIO"), false)).toBe(true);
    expect(loadingForLink(link("RADIO", false, true), true)).toBe(false);
    expect(loadingForLink(link("DEMO"), true)).toBe(true);
    expect(loadingForLink(link("DEMO"), false)).toBe(false);
  });

  it("starts true and is forced off after 5 s when no backend answers (DEMO)", () => {
    const changes: boolean[] = [];
    const signal = new LoadingSignal(browserClock, (value) => changes.push(value));
    signal.start();
    signal.updateLink(link("DEMO"));
    vi.advanceTimersByTime(4999);
    expect(signal.loading).toBe(true);
    vi.advanceTimersByTime(1);
    expect(signal.loading).toBe(false);
    expect(changes).toEqual([false]);
  });

  it("ends when the socket connects (DEMO → NETWORK) and comes back, forced off again, on disconnect", () => {
    const signal = new LoadingSignal(browserClock, () => undefined);
    signal.start();
    signal.updateLink(link("DEMO"));
    vi.advanceTimersByTime(1200);
    signal.updateLink(link("NETWORK", true));
    expect(signal.loading).toBe(false);
    signal.updateLink(link("NETWORK", false));
    expect(signal.loading).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(signal.loading).toBe(false);
    // The same link state again (e.g. only a latency changed) does not restart loading.
    signal.updateLink(link("NETWORK", false));
    expect(signal.loading).toBe(false);
  });

  it("ends when a radio connects while DEMO (→ RADIO)", () => {
    const signal = new LoadingSignal(browserClock, () => undefined);
    signal.start();
    signal.updateLink(link("RADIO", false, true));
    expect(signal.loading).toBe(false);
  });
});

describe("loading screen phases (spec §4)", () => {
  function machine() {
    const seen: LoadingPhase[] = [];
    const phases = new LoadingPhases(browserClock, (phase) => seen.push(phase));
    return { phases, seen };
  }

  it("drive-in → pending after 1 s; ready 3 s after loading ends; removed 0.8 s later", () => {
    const { phases, seen } = machine();
    phases.start(true);
    vi.advanceTimersByTime(999);
    expect(phases.phase).toBe("drive-in");
    vi.advanceTimersByTime(1);
    expect(phases.phase).toBe("pending");
    vi.advanceTimersByTime(4000); // loading forced off at 5 s
    phases.setLoading(false);
    vi.advanceTimersByTime(2999);
    expect(phases.phase).toBe("pending");
    vi.advanceTimersByTime(1);
    expect(phases.phase).toBe("ready");
    vi.advanceTimersByTime(799);
    expect(phases.phase).toBe("ready");
    vi.advanceTimersByTime(1);
    expect(phases.phase).toBe("hidden");
    expect(seen).toEqual(["pending", "ready", "hidden"]);
  });

  it("returns to drive-in when loading comes back while ready, and shows again", () => {
    const { phases } = machine();
    phases.start(false);
    vi.advanceTimersByTime(3000);
    expect(phases.phase).toBe("ready");
    phases.setLoading(true);
    expect(phases.phase).toBe("drive-in");
    vi.advanceTimersByTime(5000);
    expect(phases.phase).toBe("pending"); // not removed while loading
    phases.setLoading(false);
    vi.advanceTimersByTime(3800);
    expect(phases.phase).toBe("hidden");
    phases.setLoading(true);
    expect(phases.phase).toBe("drive-in");
  });

  it("a loading blip before ready cancels the pending ready", () => {
    const { phases } = machine();
    phases.start(true);
    phases.setLoading(false);
    vi.advanceTimersByTime(2000);
    phases.setLoading(true);
    vi.advanceTimersByTime(5000);
    expect(phases.phase).toBe("pending");
  });
});

describe("loading texts (spec §2)", () => {
  it("says connecting, then connected or showing demo", () => {
    expect(loadingText("drive-in", true, "DEMO")).toBe("Connecting to Helios...");
    expect(loadingText("pending", false, "NETWORK")).toBe("Connecting to Helios...");
    expect(loadingText("ready", true, "NETWORK")).toBe("Connected to Helios!");
    expect(loadingText("ready", false, "DEMO")).toBe("Can't connect to Helios, showing demo.");
  });
});

describe("loading texts for a user who chose a live source", () => {
  it("never says 'showing demo' in NETWORK or RADIO", () => {
    expect(loadingText("ready", false, "NETWORK")).toBe(
      "Can't connect to Helios, waiting for the backend.",
    );
    expect(loadingText("ready", false, "RADIO")).toBe(
      "Can't connect to Helios, waiting for the radio.",
    );
  });
});
