// A place asked of the map (an alert's start) centres it once: a map mounted
// again later keeps the view set since, and a new request centres it again.
import { describe, expect, it } from "vitest";
import { claimCentring, focusMap, mapFocus } from "../../src/state/mapFocus";

describe("map focus", () => {
  it("centres the map once per request", () => {
    focusMap(1_000, 36.99, -86.37, "Pack voltage high");
    const first = mapFocus.focus!;
    expect(claimCentring(first)).toBe(true);
    expect(claimCentring(first)).toBe(false); // the map mounted again

    focusMap(1_000, 36.99, -86.37, "Pack voltage high"); // the same place asked again
    expect(claimCentring(mapFocus.focus!)).toBe(true);
    expect(claimCentring(first)).toBe(false); // an older request never takes the view back
  });

  it("ignores a place that is not a number", () => {
    const before = mapFocus.focus;
    focusMap(Number.NaN, 36.99, -86.37, "No fix");
    expect(mapFocus.focus).toBe(before);
  });
});
