// The map's alert pins (issue 58 item 7): a cluster's badge takes the worst
// severity of its pins and counts them; the switch and the severity filter
// decide which pins are shown, and are saved with each window's map view.
import { describe, expect, it } from "vitest";
import {
  clusterSummary,
  pinShown,
  toggleSeverity,
  worstSeverity,
} from "../../src/panels/Map/alertPinFilter";
import {
  DEFAULT_MAP_SETTINGS,
  parseMapSettings,
  readMapSettings,
  writeMapSettings,
} from "../../src/state/mapSettings";
import { MemoryStorage } from "./memoryStorage";

describe("a cluster of alert pins", () => {
  it("is coloured by its worst severity, whatever the order of its pins", () => {
    expect(worstSeverity(["info", "warning", "info"])).toBe("warning");
    expect(worstSeverity(["info", "info", "critical", "warning"])).toBe("critical");
    expect(worstSeverity(["info"])).toBe("info");
    expect(worstSeverity([])).toBeNull();
  });

  it("counts its pins and says how many of each severity, worst first", () => {
    const summary = clusterSummary(["warning", "info", "critical", "warning", "warning"]);
    expect(summary).toEqual({
      count: 5,
      worst: "critical",
      text: "5 alerts here: 1 critical · 3 warning · 1 info. Click to see them.",
    });
    expect(clusterSummary([])).toBeNull();
  });
});

describe("which alert pins the map shows", () => {
  const all = { show: true, severities: ["critical", "warning", "info"] as const };

  it("the switch off hides every pin; the filter hides the severities turned off", () => {
    expect(pinShown("critical", all)).toBe(true);
    expect(pinShown("critical", { ...all, show: false })).toBe(false);
    const noInfo = { show: true, severities: toggleSeverity(all.severities, "info", false) };
    expect(noInfo.severities).toEqual(["critical", "warning"]);
    expect(pinShown("info", noInfo)).toBe(false);
    expect(pinShown("warning", noInfo)).toBe(true);
    expect(toggleSeverity(["warning"], "critical", true)).toEqual(["critical", "warning"]);
  });

  it("shows every pin by default, and falls back to that from a bad saved choice", () => {
    expect(DEFAULT_MAP_SETTINGS.alertPins).toBe(true);
    expect(DEFAULT_MAP_SETTINGS.pinSeverities).toEqual(["critical", "warning", "info"]);
    const saved = (value: object) => parseMapSettings(JSON.stringify(value));
    expect(saved({ alertPins: "no", pinSeverities: ["fatal"] })).toMatchObject({
      alertPins: true,
      pinSeverities: ["critical", "warning", "info"],
    });
    // Saved in another order or twice: the usual order, each once.
    expect(saved({ pinSeverities: ["info", "critical", "info"] }).pinSeverities).toEqual([
      "critical",
      "info",
    ]);
  });

  it("is saved per window, like the rest of the map view", () => {
    const local = new MemoryStorage();
    const second = readMapSettings(local, "Window 2");
    writeMapSettings(local, "Window 2", { ...second, alertPins: false, pinSeverities: [] }, false);
    expect(readMapSettings(local, "Window 2")).toMatchObject({
      alertPins: false,
      pinSeverities: [],
    });
    expect(readMapSettings(local, "Window 1")).toMatchObject({
      alertPins: true,
      pinSeverities: ["critical", "warning", "info"],
    });
  });
});
