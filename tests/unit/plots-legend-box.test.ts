import { describe, expect, it } from "vitest";
import { fitLegendValue, setCellText } from "../../src/panels/Plots/livePicture";

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

describe("legend value text", () => {
  it("changes the cell's one text node in place, so the browser reshapes it rather than rebuilding", () => {
    const text = { nodeType: 3, data: "1.2 V" };
    const value = { firstChild: text, lastChild: text, textContent: "1.2 V" };
    setCellText(value as unknown as HTMLElement, "1.3 V");
    expect(value.firstChild).toBe(text);
    expect(text.data).toBe("1.3 V");
  });

  it("writes the whole cell when it holds anything else (empty, or several nodes)", () => {
    const empty = { firstChild: null, lastChild: null, textContent: "" };
    setCellText(empty as unknown as HTMLElement, "4 A");
    expect(empty.textContent).toBe("4 A");
    const a = { nodeType: 3, data: "x" };
    const b = { nodeType: 1 };
    const mixed = { firstChild: a, lastChild: b, textContent: "x" };
    setCellText(mixed as unknown as HTMLElement, "5 A");
    expect(mixed.textContent).toBe("5 A");
    expect(a.data).toBe("x");
  });
});
