// Issue 34: the Overview's tiles are configurable: favourites move earlier or
// later (clamped at the ends), and the glance tiles are fields the worker stores.
import { describe, expect, it } from "vitest";
import { GLANCE_FIELDS, movedFavourites } from "../../src/state/favourites";
import { LAYOUT } from "../../workers/telemetry/features";

describe("Overview tiles", () => {
  const list = ["A.a", "B.b", "C.c"];

  it("moves a favourite earlier or later, clamped at the ends", () => {
    expect(movedFavourites(list, "B.b", -1)).toEqual(["B.b", "A.a", "C.c"]);
    expect(movedFavourites(list, "B.b", 1)).toEqual(["A.a", "C.c", "B.b"]);
    expect(movedFavourites(list, "A.a", -1)).toEqual(list);
    expect(movedFavourites(list, "C.c", 5)).toEqual(list);
    expect(movedFavourites(list, "Z.z", 1)).toEqual(list);
    expect(list).toEqual(["A.a", "B.b", "C.c"]); // not changed in place
  });

  it("shows the race at a glance from stored, labelled numeric fields (derived power included)", () => {
    const byPath = new Map(LAYOUT.storeCatalog().map((f) => [f.path, f]));
    for (const { path } of GLANCE_FIELDS) {
      expect(byPath.get(path)?.type, path).toBe("number");
      expect(byPath.get(path)?.label, path).not.toBe(path);
    }
    expect(GLANCE_FIELDS.map((f) => f.path)).toContain("Derived.MpptArrayPower");
    expect(GLANCE_FIELDS.map((f) => f.path)).toContain("Derived.MotorBusPower");
  });
});
