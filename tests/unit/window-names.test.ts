// Window names (issue 38): the core hands them out, unique among the windows
// on it, so each window's plot layout and map view are saved apart.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TelemetryCore } from "../../workers/telemetry/service/TelemetryCore";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { claimWindowName, windowIdentity } from "../../src/state/windowName";
import { MemoryStorage } from "./memoryStorage";

const CONFIG = { connectToBackend: false, historyCapacity: 1000 };

function windowOn(core: TelemetryCore): TelemetryService {
  const service = new TelemetryService(core);
  service.start(CONFIG, () => {});
  return service;
}

describe("window names on one core", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("two windows on one core get two names", () => {
    const core = new TelemetryCore({ demoSeed: 1 });
    const a = windowOn(core);
    const b = windowOn(core);
    expect(a.claimWindowName(null)).toBe("Window 1");
    expect(b.claimWindowName(null)).toBe("Window 2");
    a.stop();
    b.stop();
  });

  it("a duplicated tab bringing a held name along gets a free one", () => {
    const core = new TelemetryCore({ demoSeed: 1 });
    const a = windowOn(core);
    const copy = windowOn(core);
    expect(a.claimWindowName("Window 1")).toBe("Window 1");
    expect(copy.claimWindowName("Window 1")).toBe("Window 2");
    a.stop();
    copy.stop();
  });

  it("a window that leaves frees its name; a reload keeps its saved one", () => {
    const core = new TelemetryCore({ demoSeed: 1 });
    const a = windowOn(core);
    const b = windowOn(core);
    const c = windowOn(core);
    a.claimWindowName(null);
    b.claimWindowName(null);
    expect(c.claimWindowName(null)).toBe("Window 3");
    a.stop(); // Window 1 closes
    const opened = windowOn(core);
    expect(opened.claimWindowName(null)).toBe("Window 1");
    b.stop(); // Window 2 reloads: the new page asks for its saved name
    const reloaded = windowOn(core);
    expect(reloaded.claimWindowName("Window 2")).toBe("Window 2");
    for (const w of [c, opened, reloaded]) w.stop();
  });

  it("a window claiming again gives its old name up", () => {
    const core = new TelemetryCore({ demoSeed: 1 });
    const a = windowOn(core);
    const b = windowOn(core);
    expect(a.claimWindowName("Window 4")).toBe("Window 4");
    expect(a.claimWindowName(null)).toBe("Window 1");
    expect(b.claimWindowName("Window 4")).toBe("Window 4");
    a.stop();
    b.stop();
  });

  it("a window with its own core is Window 1 unless it saved another name", () => {
    const own = windowOn(new TelemetryCore({ demoSeed: 1 }));
    expect(own.claimWindowName(null)).toBe("Window 1");
    const reloaded = windowOn(new TelemetryCore({ demoSeed: 1 }));
    expect(reloaded.claimWindowName("Window 3")).toBe("Window 3");
    own.stop();
    reloaded.stop();
  });

  it("a saved name of another form is not honoured", () => {
    const own = windowOn(new TelemetryCore({ demoSeed: 1 }));
    for (const bad of ["", "Window 0", "Window 1<img>", "pit wall", "Window 12345"])
      expect(own.claimWindowName(bad)).toBe("Window 1");
    own.stop();
  });
});

describe("the window keeps its name across reloads", () => {
  it("asks for the name saved in this tab and saves the one it got", async () => {
    const tab = new MemoryStorage();
    const asked: (string | null)[] = [];
    const core = (wanted: string | null) => {
      asked.push(wanted);
      return Promise.resolve(wanted ?? "Window 2");
    };
    expect(await claimWindowName(core, tab)).toBe("Window 2");
    expect(windowIdentity).toMatchObject({ name: "Window 2", claimed: true });
    expect(await claimWindowName(core, tab)).toBe("Window 2"); // the reload
    expect(asked).toEqual([null, "Window 2"]);
  });
});
