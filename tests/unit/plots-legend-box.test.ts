import { describe, expect, it } from "vitest";
import { fitLegendValue } from "../../src/panels/Plots/livePicture";

/** Just what fitLegendValue touches of a legend cell. */
function cell() {
  return { dataset: {} as Record<string, string>, style: { width: "" } } as unknown as HTMLElement;
}

describe("legend value box", () => {
  it("is wide enough for its text, widens for longer text and never narrows (numbers do not jitter)", () => {
    const value = cell();
    fitLegendValue(value, "1.2 V");
    expect(value.style.width).toBe("6ch");
    fitLegendValue(value, "131.65 V");
    expect(value.style.width).toBe("9ch");
    fitLegendValue(value, "9 V"); // shorter: the box keeps its width
    expect(value.style.width).toBe("9ch");
  });
});
