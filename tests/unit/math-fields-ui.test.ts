// Issue 37: a math channel is a catalog field of group "Math", and the UI's
// field lists take it like any other: the pickers' search lists it under
// "Math", the Math tab's field table shows every channel (dotted names
// included) in one section, and a channel kept as a favourite is restored.
import { describe, expect, it } from "vitest";
import type { FieldInfo } from "../../workers/contract/fields";
import { searchFields } from "../../src/ui/fieldSearch";
import { fieldSections } from "../../src/panels/FieldTable/fieldSections";
import { TAB_GROUPS } from "../../src/panels/FieldTable/tabGroups";
import { TABS } from "../../src/shell/navbar/tabs";
import { isFavouriteName } from "../../src/state/favourites";
import { restoreFavourites } from "../../src/state/settingsSchema";

const catalog: FieldInfo[] = [
  {
    path: "Battery.PackVoltage",
    group: "Battery",
    type: "number",
    label: "Pack Voltage",
    unit: "V",
  },
  {
    path: "DoublePackVoltage",
    group: "Math",
    type: "number",
    label: "Double Pack Voltage",
    unit: "V",
    description: "Twice the pack voltage",
  },
  { path: "Derived.PackPower", group: "Math", type: "number", label: "Pack Power", unit: "W" },
  { path: "Stint.Energy.Out", group: "Math", type: "number", label: "Energy Out", unit: "Wh" },
];

describe("math channels in the field lists", () => {
  it("the pickers list a channel under Math, found by its label or description", () => {
    const groups = searchFields(catalog, "");
    expect(groups.map(([group]) => group)).toEqual(["Battery", "Math"]);
    expect(searchFields(catalog, "twice")).toEqual([["Math", [catalog[1]]]]);
  });

  it("the Math tab shows every channel in one section", () => {
    const sections = fieldSections(catalog, TAB_GROUPS.math);
    expect(sections).toEqual([{ title: "Math channels", fields: catalog.slice(1) }]);
  });

  it("the Math tab has its route and a hotkey no other tab uses", () => {
    const math = TABS.find((tab) => tab.id === "math");
    expect(math).toMatchObject({ path: "/math", hotkey: "m" });
    expect(new Set(TABS.map((tab) => tab.hotkey)).size).toBe(TABS.length);
  });
});

describe("a math channel as a favourite", () => {
  it("survives a reload, dotted name or not, while built-in object names still do not", () => {
    const saved = JSON.stringify(["Battery.PackVoltage", "DoublePackVoltage", "_1MinuteSpeed"]);
    expect(restoreFavourites(saved)).toEqual({
      value: ["Battery.PackVoltage", "DoublePackVoltage", "_1MinuteSpeed"],
      warning: null,
    });
    for (const name of ["toString", "__proto__", "prototype", "constructor"])
      expect(isFavouriteName(name)).toBe(false);
  });
});
