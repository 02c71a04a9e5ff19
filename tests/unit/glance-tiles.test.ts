// The Overview's glance tiles: hidden ones and those already a favourite are
// not shown (each value once), and stored settings that are broken fall back
// to showing every tile.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GLANCE_FIELDS } from "../../src/state/favourites";
import { shownGlanceFields } from "../../src/state/glanceTiles";
import { parseStored } from "../../src/state/storedSettings";

describe("glance tiles", () => {
  it("leaves out hidden tiles and favourites", () => {
    const shown = shownGlanceFields(
      ["Battery.PackStateOfCharge"],
      new Set(["MotorDetails0.VehicleVelocity"]),
    ).map((f) => f.path);
    expect(shown).not.toContain("Battery.PackStateOfCharge");
    expect(shown).not.toContain("MotorDetails0.VehicleVelocity");
    expect(shown).toHaveLength(GLANCE_FIELDS.length - 2);
  });

  it("stored settings: broken text or fields fall back to the defaults", () => {
    const schema = z.object({ hidden: z.array(z.string()).catch([]) });
    const defaults = { hidden: [] as string[] };
    expect(parseStored(schema, defaults, '{"hidden":["race"]}')).toEqual({ hidden: ["race"] });
    expect(parseStored(schema, defaults, '{"hidden":5}')).toEqual({ hidden: [] });
    expect(parseStored(schema, defaults, "{not json")).toEqual({ hidden: [] });
    expect(parseStored(schema, defaults, null)).toEqual({ hidden: [] });
  });
});
