// Issue 58 item 14: the rules dialog puts only the rules in view in the page
// (VirtualList). Which items meet the view, from their known heights.
import { describe, expect, it } from "vitest";
import { itemOffsets, itemsInView } from "../../src/ui/virtualRows";

describe("items in view of a long list", () => {
  // 5,000 rules under a group title every 50: titles 36 px, rules 48 px.
  const heightOf = (i: number) => (i % 51 === 0 ? 36 : 48);
  const offsets = itemOffsets(5100, heightOf);

  it("places each item below the last and ends at the sum of their heights", () => {
    expect(offsets[0]).toBe(0);
    expect(offsets[1]).toBe(36);
    expect(offsets[2]).toBe(84);
    expect(offsets[5100]).toBe(100 * 36 + 5000 * 48);
  });

  it("gives a screenful, not the list: the top, the middle and the end", () => {
    const view = (top: number) => itemsInView(offsets, top, top + 600, 300);
    expect(view(0)).toEqual([0, 19]); // item 19 starts at 900 px, just past the band
    const [first, end] = view(120_000);
    expect(offsets[first]!).toBeLessThanOrEqual(120_000 - 300);
    expect(offsets[first + 1]!).toBeGreaterThan(120_000 - 300);
    expect(offsets[end]!).toBeGreaterThanOrEqual(120_000 + 900);
    expect(end - first).toBeLessThan(30);
    expect(view(offsets[5100]! - 600)[1]).toBe(5100);
  });

  it("an empty list has nothing in view", () => {
    expect(itemsInView(itemOffsets(0, heightOf), 0, 600, 300)).toEqual([0, 0]);
  });
});
