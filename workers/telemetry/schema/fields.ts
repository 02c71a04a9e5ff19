// The field catalog, derived by walking telemetryPacketSchema (the single
// source of truth): ordered numeric / boolean / string paths, FieldInfo for
// the UI, the default packet, and precompiled containers for fast ingest.
import { z } from "zod";
import type { FieldInfo, FieldPath, FieldType } from "../../contract/fields";
import { telemetryPacketSchema, type TelemetryPacket } from "./packetSchema";
import { FIELD_TEXT } from "./fieldLabels";

interface Leaf {
  path: FieldPath;
  keys: string[];
  type: FieldType;
}

function leafType(schema: unknown): FieldType | "object" {
  if (schema instanceof z.ZodNumber) return "number";
  if (schema instanceof z.ZodBoolean) return "boolean";
  if (schema instanceof z.ZodString) return "string";
  if (schema instanceof z.ZodObject) return "object";
  throw new Error("packetSchema: unsupported field schema");
}

function walk(shape: Record<string, unknown>, prefix: string[], out: Leaf[]): void {
  for (const [key, schema] of Object.entries(shape)) {
    const keys = [...prefix, key];
    const type = leafType(schema);
    if (type === "object") walk((schema as z.ZodObject).shape, keys, out);
    else out.push({ path: keys.join("."), keys, type });
  }
}

const LEAVES: readonly Leaf[] = (() => {
  const out: Leaf[] = [];
  walk(telemetryPacketSchema.shape, [], out);
  return out;
})();

const pathsOf = (type: FieldType): readonly FieldPath[] =>
  LEAVES.filter((leaf) => leaf.type === type).map((leaf) => leaf.path);

/** Numeric field paths in schema order; index = numeric field index everywhere. */
export const NUMERIC_FIELDS = pathsOf("number");
export const BOOLEAN_FIELDS = pathsOf("boolean");
export const STRING_FIELDS = pathsOf("string");

/**
 * All 316 fields in schema order, labelled from the one table (fieldLabels.ts).
 * A field the table lacks shows its wire path rather than stopping the app;
 * tests/unit/fieldLabels.test.ts fails on it.
 */
export const FIELD_CATALOG: readonly FieldInfo[] = LEAVES.map((leaf) => {
  const text = FIELD_TEXT.get(leaf.path);
  const info: FieldInfo = {
    path: leaf.path,
    type: leaf.type,
    group: leaf.keys.length > 1 ? (leaf.keys[0] ?? "") : "Packet",
    label: text?.label ?? leaf.path,
    unit: leaf.type === "number" ? (text?.unit ?? "") : "",
    description: text?.description ?? "",
  };
  if (text?.bits) info.bits = text.bits;
  // The table marks an undocumented code in the label users read ("(code)"): one mark, not two.
  if (leaf.type === "number" && info.label.endsWith("(code)")) info.code = true;
  return info;
});

const INFO_BY_PATH = new Map(FIELD_CATALOG.map((info) => [info.path, info]));

export function fieldInfo(path: FieldPath): FieldInfo | undefined {
  return INFO_BY_PATH.get(path);
}

/** Where a field lives: its kind and its index within that kind's list. */
export type FieldSlot = { kind: FieldType; index: number };
const SLOT_BY_PATH = new Map<FieldPath, FieldSlot>([
  ...NUMERIC_FIELDS.map((p, index): [FieldPath, FieldSlot] => [p, { kind: "number", index }]),
  ...BOOLEAN_FIELDS.map((p, index): [FieldPath, FieldSlot] => [p, { kind: "boolean", index }]),
  ...STRING_FIELDS.map((p, index): [FieldPath, FieldSlot] => [p, { kind: "string", index }]),
]);

export function fieldSlot(path: FieldPath): FieldSlot | undefined {
  return SLOT_BY_PATH.get(path);
}

/**
 * One nested object of the packet (e.g. ["BatteryFaults", "Errors"]) with the
 * keys of its leaves and their field indices, so ingest reads each leaf with
 * one keyed load instead of re-walking paths per packet.
 */
export interface FieldContainer {
  keys: readonly string[];
  numKeys: string[];
  numIndex: number[];
  boolKeys: string[];
  boolIndex: number[];
  strKeys: string[];
  strIndex: number[];
}

export const FIELD_CONTAINERS: readonly FieldContainer[] = (() => {
  const byPath = new Map<string, FieldContainer>();
  const index = { number: 0, boolean: 0, string: 0 };
  for (const leaf of LEAVES) {
    const keys = leaf.keys.slice(0, -1);
    const id = keys.join(".");
    let c = byPath.get(id);
    if (!c) {
      c = {
        keys,
        numKeys: [],
        numIndex: [],
        boolKeys: [],
        boolIndex: [],
        strKeys: [],
        strIndex: [],
      };
      byPath.set(id, c);
    }
    const key = leaf.keys[leaf.keys.length - 1] ?? "";
    const i = index[leaf.type]++;
    const [keyList, indexList] =
      leaf.type === "number"
        ? [c.numKeys, c.numIndex]
        : leaf.type === "boolean"
          ? [c.boolKeys, c.boolIndex]
          : [c.strKeys, c.strIndex];
    keyList.push(key);
    indexList.push(i);
  }
  return [...byPath.values()];
})();

/** The packet shown before any data and after playback resets: 0, false, "". */
export function defaultPacket(): TelemetryPacket {
  const root: Record<string, unknown> = {};
  for (const leaf of LEAVES) {
    let node = root;
    for (const key of leaf.keys.slice(0, -1)) {
      node = (node[key] ??= {}) as Record<string, unknown>;
    }
    const last = leaf.keys[leaf.keys.length - 1] ?? "";
    node[last] = leaf.type === "number" ? 0 : leaf.type === "boolean" ? false : "";
  }
  return root as TelemetryPacket;
}
