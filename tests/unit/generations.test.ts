// The generation table (workers/telemetry/schema/generations.ts) as the edges
// use it: which generation a packet shows, its wire names made internal with
// only the renamed group copied, and a CSV column in either spelling.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultPacket } from "../../workers/telemetry/schema/fields";
import { GENERATION_TABLE, GenerationTable } from "../../workers/telemetry/schema/generationTable";
import {
  BACKEND_GENERATIONS,
  FIRST_GENERATION,
  SECOND_GENERATION,
} from "../../workers/telemetry/schema/generations";
import { importCsv } from "../../workers/telemetry/csv/importCsv";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { exportText, storeOf } from "./csv-helpers";
import { LAYOUT } from "../../workers/telemetry/features";

type Obj = Record<string, unknown>;

/** A packet as a 2026-06 backend sends it. */
function packet2026_06(): Obj {
  const packet = defaultPacket() as unknown as Obj;
  const { HeadightsSwitchInput, ...b3 } = packet.B3 as Obj;
  return { ...packet, B3: { ...b3, HeadlightsSwitchInput: HeadightsSwitchInput } };
}

describe("the generation table at a packet edge", () => {
  it("recognises each generation by its spelling, and nothing in a packet with neither", () => {
    expect(GENERATION_TABLE.recognise(defaultPacket())?.name).toBe("2026-01");
    expect(GENERATION_TABLE.recognise(packet2026_06())?.name).toBe("2026-06");
    expect(GENERATION_TABLE.recognise({ B3: {} })).toBeNull();
    expect(GENERATION_TABLE.recognise('{"B3":{}}')).toBeNull();
    expect(GENERATION_TABLE.recognise(null)).toBeNull();
    expect(GENERATION_TABLE.recognise(packet2026_06())?.recognisedBy).toBe(
      "B3.HeadlightsSwitchInput",
    );
  });

  it("hands a packet that needs no rename on as the same object", () => {
    const packet = defaultPacket();
    const generation = GENERATION_TABLE.recognise(packet);
    expect(GENERATION_TABLE.toInternal(packet, generation)).toBe(packet);
    expect(GENERATION_TABLE.toInternal("text", null)).toBe("text");
  });

  it("renames 2026-06's field into a copy of B3 only, leaving the wire packet as it was", () => {
    const wire = packet2026_06();
    const internal = GENERATION_TABLE.toInternal(wire, GENERATION_TABLE.recognise(wire)) as Obj;
    expect(internal).toEqual(defaultPacket());
    expect(internal.B3).not.toHaveProperty("HeadlightsSwitchInput");
    expect(internal.Battery).toBe(wire.Battery); // other groups shared, not copied
    expect(wire.B3).toHaveProperty("HeadlightsSwitchInput");
    expect(wire.B3).not.toHaveProperty("HeadightsSwitchInput");
  });

  it("keeps the internal spelling when a packet carries both", () => {
    const wire = packet2026_06();
    (wire.B3 as Obj).HeadightsSwitchInput = true;
    (wire.B3 as Obj).HeadlightsSwitchInput = false;
    const internal = GENERATION_TABLE.toInternal(wire, GENERATION_TABLE.recognise(wire)) as Obj;
    expect((internal.B3 as Obj).HeadightsSwitchInput).toBe(true);
  });

  it("does not let a __proto__ key in a renamed group set the copy's prototype", () => {
    const wire = JSON.parse(
      JSON.stringify(packet2026_06()).replace('"B3":{', '"B3":{"__proto__":{"polluted":1},'),
    ) as Obj;
    const internal = GENERATION_TABLE.toInternal(wire, GENERATION_TABLE.recognise(wire)) as Obj;
    expect(Object.getPrototypeOf(internal.B3)).toBe(Object.prototype);
    expect((internal.B3 as Obj).polluted).toBeUndefined();
  });

  it("refuses an entry that renames to an unknown field or across groups", () => {
    const entry = (renames: Record<string, string>) => ({
      name: "2026-06" as const,
      recognisedBy: "B3.X",
      renames,
    });
    expect(() => new GenerationTable([entry({ "B3.X": "B3.NoSuchField" })])).toThrow(/B3.X/);
    expect(() => new GenerationTable([entry({ "Pi.X": "B3.HeadightsSwitchInput" })])).toThrow();
  });

  it("lists 2026-01 first, with the internal names", () => {
    expect(BACKEND_GENERATIONS.map((g) => g.name)).toEqual(["2026-01", "2026-06"]);
    expect(BACKEND_GENERATIONS[0]!.renames).toEqual({});
    expect([FIRST_GENERATION, SECOND_GENERATION]).toEqual(["2026-01", "2026-06"]);
  });

  it("names a generation only in the table: the worker, the UI and the feed server read its names from there", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const named = /["'`]20\d\d-\d\d["'`]/;
    // The table, and the contract's type that both sides check names against.
    const allowed = new Set([
      "workers/telemetry/schema/generations.ts",
      "workers/contract/laps.ts",
    ]);
    const offenders = ["workers", "src", "feed-server"].flatMap((top) =>
      (readdirSync(join(root, top), { recursive: true }) as string[])
        .map((path) => `${top}/${path.split("\\").join("/")}`)
        .filter((path) => /\.tsx?$/.test(path) && !allowed.has(path))
        .filter((path) => named.test(readFileSync(join(root, path), "utf8"))),
    );
    expect(offenders).toEqual([]);
  });
});

describe("a CSV in the 2026-06 spelling", () => {
  it("imports, the column filling the internal field", async () => {
    const text = exportText(storeOf(3));
    const [header, ...rows] = text.split("\n");
    expect(header).toContain("B3.HeadightsSwitchInput");
    const renamed = [
      header!.replace("B3.HeadightsSwitchInput", "B3.HeadlightsSwitchInput"),
      ...rows,
    ];
    const target = new TelemetryStore({ layout: LAYOUT, capacity: 16 });
    const report = await importCsv(renamed.join("\n"), target);
    expect(report).toMatchObject({ ok: true, rowsImported: 3, rowsFailed: 0 });
    expect(report.notes.join(" ")).not.toMatch(/unknown column/);
  });
});
