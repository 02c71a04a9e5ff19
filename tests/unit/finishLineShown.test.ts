// The finish line the Position card names is the one the map draws: in DEMO
// before anyone set one, the simulated car's default line (where its laps end).
import { describe, expect, it } from "vitest";
import { finishLineText, shownFinishLine } from "../../src/ui/finishLine/shownFinishLine";
import { DEFAULT_LAP_COORDS } from "../../workers/shared/trackCoords";

describe("the finish line shown", () => {
  it("in DEMO without a line set names the demo car's default, not “not set”", () => {
    const line = shownFinishLine(null, "DEMO");
    expect(line).toEqual({ coords: DEFAULT_LAP_COORDS, demoDefault: true });
    const text = finishLineText(line);
    expect(text).not.toBe("not set");
    expect(text).toContain(`${DEFAULT_LAP_COORDS.lat.toFixed(6)}°`);
    expect(text).toContain("demo car's default");
  });

  it("names a line that was set as it is, and says “not set” only where none is drawn", () => {
    const set = { lat: 36.99, long: -86.37 };
    expect(finishLineText(shownFinishLine(set, "DEMO"))).toBe("36.990000°, -86.370000°");
    expect(finishLineText(shownFinishLine(set, "NETWORK"))).toBe("36.990000°, -86.370000°");
    expect(shownFinishLine(null, "NETWORK")).toBeNull();
    expect(finishLineText(shownFinishLine(null, "RADIO"))).toBe("not set");
  });
});
