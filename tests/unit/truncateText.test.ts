import { describe, expect, it } from "vitest";
import { SHOWN_CHARS, truncateText } from "../../src/ui/format/truncateText";

describe("truncateText (long car strings)", () => {
  it("leaves a string that fits as it is", () => {
    expect(truncateText("0x19B04E5D")).toBe("0x19B04E5D");
    expect(truncateText("a".repeat(SHOWN_CHARS))).toBe("a".repeat(SHOWN_CHARS));
    expect(truncateText("")).toBe("");
  });

  it("cuts a 1 MB string to the cap, ending in an ellipsis", () => {
    const shown = truncateText("R".repeat(1_000_000));
    expect(shown).toHaveLength(SHOWN_CHARS);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown.startsWith("RRRR")).toBe(true);
  });

  it("honours a given cap", () => {
    expect(truncateText("abcdefghij", 5)).toBe("abcd…");
    expect(truncateText("abcdefghij", 1)).toBe("…");
  });

  it("never leaves half of an emoji before the ellipsis", () => {
    const shown = truncateText("abc😀def", 5); // 😀 is two UTF-16 units at 3..4
    expect(shown).toBe("abc…");
    expect(shown).not.toMatch(/[\uD800-\uDBFF]…$/);
  });

  it("renders markup-looking strings as the same text (no parsing here)", () => {
    expect(truncateText("<img src=x onerror=alert(1)>", 100)).toBe("<img src=x onerror=alert(1)>");
  });
});
