import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  telemetryPacketSchema,
  type TelemetryPacket,
} from "../../workers/telemetry/schema/packetSchema";
import { GENERATION_TABLE } from "../../workers/telemetry/schema/generationTable";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { initialConnection } from "../../workers/telemetry/service/config";
import {
  BOOLEAN_FIELDS,
  FIELD_CATALOG,
  NUMERIC_FIELDS,
  STRING_FIELDS,
} from "../../workers/telemetry/schema/fields";
import { LAYOUT } from "../../workers/telemetry/features";

const fixturePath = fileURLToPath(new URL("../fixtures/telemetry-fields.tsv", import.meta.url));
const sharedPath = fileURLToPath(
  new URL("../../../shared/protocol/telemetry-fields.tsv", import.meta.url),
);

function readTsv(path: string): { path: string; type: string }[] {
  const [header, ...lines] = readFileSync(path, "utf8").trim().split(/\r?\n/);
  expect(header?.split("\t").slice(0, 2)).toEqual(["path", "type"]);
  return lines.map((line) => {
    const [p = "", type = ""] = line.split("\t");
    return { path: p, type };
  });
}

// Without its input this file must say SKIPPED, never pass having checked nothing.
const hasFixture = existsSync(fixturePath);
const hasShared = existsSync(sharedPath);
const rows = hasFixture ? readTsv(fixturePath) : [];

/** A packet built from the TSV alone (not from the code under test). */
function packetFromTsv(): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { path, type } of rows) {
    const keys = path.split(".");
    let node = root;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1] as string] =
      type === "number" ? 1.5 : type === "boolean" ? true : "x";
  }
  return root;
}

function setPath(packet: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = packet;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1] as string;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

describe.skipIf(!hasFixture)("packet schema against the protocol's field list", () => {
  it.skipIf(!hasShared)("the fixture is the protocol's telemetry-fields.tsv, unchanged", () => {
    expect(readFileSync(fixturePath, "utf8")).toBe(readFileSync(sharedPath, "utf8"));
  });

  it("lists 316 fields: 157 numbers, 157 booleans, 2 strings", () => {
    expect(rows).toHaveLength(316);
    expect(NUMERIC_FIELDS).toHaveLength(157);
    expect(BOOLEAN_FIELDS).toHaveLength(157);
    expect(STRING_FIELDS).toEqual(["Pi.Rfid", "Title"]);
  });

  it("has exactly the TSV's paths with the TSV's types, field by field", () => {
    const fromSchema = FIELD_CATALOG.map((f) => `${f.path}\t${f.type}`).sort();
    const fromTsv = rows.map((r) => `${r.path}\t${r.type}`).sort();
    expect(fromSchema).toEqual(fromTsv);
  });

  it("accepts a packet built from the TSV", () => {
    expect(telemetryPacketSchema.safeParse(packetFromTsv()).success).toBe(true);
  });

  it.each(rows)("rejects $path when it is missing or of the wrong type", ({ path, type }) => {
    const missing = packetFromTsv();
    setPath(missing, path, undefined);
    const r1 = telemetryPacketSchema.safeParse(missing);
    expect(r1.success).toBe(false);
    expect(r1.error?.issues[0]?.path.join(".")).toBe(path);

    const wrong = packetFromTsv();
    setPath(wrong, path, type === "number" ? "12" : type === "boolean" ? 1 : 12);
    const r2 = telemetryPacketSchema.safeParse(wrong);
    expect(r2.success).toBe(false);
    expect(r2.error?.issues[0]?.message).toContain(`expected ${type}`);
  });

  it("strips fields the protocol does not list", () => {
    const packet = packetFromTsv();
    packet.Extra = 1;
    (packet.Battery as Record<string, unknown>).Bogus = "x";
    const parsed = telemetryPacketSchema.parse(packet) as Record<string, unknown>;
    expect(parsed).not.toHaveProperty("Extra");
    expect(parsed.Battery).not.toHaveProperty("Bogus");
    expect(parsed.Battery).toHaveProperty("PackVoltage", 1.5);
  });

  it("rejects NaN and Infinity in numeric fields", () => {
    const packet = packetFromTsv();
    setPath(packet, "Battery.PackVoltage", Number.NaN);
    expect(telemetryPacketSchema.safeParse(packet).success).toBe(false);
    setPath(packet, "Battery.PackVoltage", Number.POSITIVE_INFINITY);
    expect(telemetryPacketSchema.safeParse(packet).success).toBe(false);
  });
});

describe("both generations' spelling of the headlights switch", () => {
  const HEADLIGHTS_INTERNAL = "HeadightsSwitchInput";
  const HEADLIGHTS_2026_06 = "HeadlightsSwitchInput";
  const connection = initialConnection();
  /** The packet edge (NetworkSource, backend replay): wire names made internal. */
  const atEdge = (packet: unknown) =>
    GENERATION_TABLE.toInternal(packet, GENERATION_TABLE.recognise(packet));
  const renamed = (to: string | null) => {
    const packet = packetFromTsv();
    const b3 = packet.B3 as Record<string, unknown>;
    const value = b3[HEADLIGHTS_INTERNAL];
    delete b3[HEADLIGHTS_INTERNAL];
    if (to) b3[to] = value;
    return packet;
  };

  it("the TSV names it B3.HeadightsSwitchInput, the one internal name", () => {
    expect(rows.map((r) => r.path)).toContain(`B3.${HEADLIGHTS_INTERNAL}`);
    expect(FIELD_CATALOG.map((f) => f.path)).not.toContain(`B3.${HEADLIGHTS_2026_06}`);
  });

  it.each([HEADLIGHTS_INTERNAL, HEADLIGHTS_2026_06])(
    "accepts a packet spelling it %s and stores it under the internal name",
    (spelling) => {
      const store = new TelemetryStore({ layout: LAYOUT, capacity: 4 });
      expect(store.ingest(atEdge(renamed(spelling)), "NETWORK")).toBe(true);
      const changed = store.snapshot(0, connection).changed;
      expect(changed[`B3.${HEADLIGHTS_INTERNAL}`]).toBe(true);
      expect(changed).not.toHaveProperty(`B3.${HEADLIGHTS_2026_06}`);
      expect(GENERATION_TABLE.recognise(renamed(spelling))?.name).toBe(
        spelling === HEADLIGHTS_2026_06 ? "2026-06" : "2026-01",
      );
    },
  );

  it("rejects a packet with neither spelling, naming the internal path", () => {
    const store = new TelemetryStore({ layout: LAYOUT, capacity: 4 });
    expect(GENERATION_TABLE.recognise(renamed(null))).toBeNull();
    expect(store.ingest(atEdge(renamed(null)), "NETWORK")).toBe(false);
    expect(store.counters().recentRejections[0]?.reason).toContain(`B3.${HEADLIGHTS_INTERNAL}`);
  });

  it("the 2026-06 wire form read back is the same packet", () => {
    const packet = packetFromTsv() as unknown as TelemetryPacket;
    const wire = GENERATION_TABLE.toWire(packet, "2026-06");
    expect(wire.B3).toHaveProperty(HEADLIGHTS_2026_06);
    expect(atEdge(wire)).toEqual(packet);
  });
});
