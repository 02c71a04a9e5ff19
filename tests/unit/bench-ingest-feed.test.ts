// bench:ingest's two feeds: the race holds every flag as a car does, the storm
// draws them per packet, and nothing else differs between the two.
import { describe, expect, it } from "vitest";
import { FLAG_FIELDS, feedPackets, flagFieldsOf, wireTexts } from "../../bench/ingestFeed";
import { FIELD_CATALOG } from "../../workers/telemetry/schema/fields";

const valueAt = (packet: unknown, path: string): unknown =>
  path.split(".").reduce((node, key) => (node as Record<string, unknown>)[key], packet);

const race = feedPackets("race");
const storm = feedPackets("storm");
const flags = new Set(FLAG_FIELDS);

describe("bench:ingest feeds", () => {
  it("counts every boolean field and every motor flag word as a flag", () => {
    for (const info of FIELD_CATALOG)
      if (info.type === "boolean" || info.bits) expect(flags.has(info.path), info.path).toBe(true);
    expect(FLAG_FIELDS).toContain("MotorDetails0.ErrorFlags");
    expect(FLAG_FIELDS).toContain("MotorDetails1.LimitFlags");
    expect(FLAG_FIELDS).not.toContain("Battery.PackStateOfCharge");
  });

  // An older build's tree has no catalog naming bit fields (bench/compareBuilds.ts
  // --base 7f06a95): its race must hold the same fields as this checkout's.
  it("finds the catalog's flag fields from the packet alone", () => {
    expect(flagFieldsOf(storm[0])).toEqual(FLAG_FIELDS);
    expect(flagFieldsOf(race[0])).toEqual(FLAG_FIELDS);
  });

  it("holds every flag field of the race as in its first packet", () => {
    for (const path of FLAG_FIELDS)
      for (const packet of race) expect(valueAt(packet, path), path).toBe(valueAt(race[0], path));
  });

  it("changes every flag field of the storm between packets", () => {
    for (const path of FLAG_FIELDS) {
      const values = new Set(storm.map((packet) => valueAt(packet, path)));
      expect(values.size, path).toBeGreaterThan(1);
    }
  });

  it("carries the same non-flag values in both feeds, packet by packet", () => {
    expect(race).toHaveLength(storm.length);
    const others = FIELD_CATALOG.filter((info) => !flags.has(info.path));
    race.forEach((packet, i) => {
      for (const { path } of others)
        expect(valueAt(packet, path), `${i} ${path}`).toBe(valueAt(storm[i], path));
    });
  });

  it("is reproducible: the same text on every call", () => {
    expect(wireTexts("race")).toEqual(wireTexts("race"));
    expect(wireTexts("storm")).toEqual(wireTexts("storm"));
    expect(wireTexts()).toEqual(wireTexts("storm"));
  });
});
