// The one walk over a packet that ingest does per packet: checks every field
// as telemetryPacketSchema does (containers are non-null non-array objects,
// numbers finite, booleans, strings; unknown keys ignored), plus the Float32
// range of Float32 columns, and copies the values into a staging row.
//
// The walk is generated once from the schema-derived containers (one small
// function per container), so each field is read with a constant key (V8
// then caches the object's shape per read, as for `obj.Field`); a loop over key arrays reads every field through
// one generic keyed load and costs several times more per packet. Where code
// generation is not allowed (a Content-Security-Policy without eval), the
// same walk runs as a loop.
import type { FieldContainer } from "../schema/fields";
import { FLOAT32_MAX } from "../history/precision";

/** Staging row: numbers by numeric field index, strings by string field index, booleans as bits. */
export interface StagingRow {
  nums: Float64Array;
  strs: string[];
  bits: Uint32Array;
}

/** True when every field passed; the row then holds the packet. Bits must be zeroed by the caller. */
type PacketWalk = (packet: unknown, row: StagingRow) => boolean;

export function buildPacketWalk(
  containers: readonly FieldContainer[],
  float32Column: Uint8Array,
  generate = true,
): PacketWalk {
  const loop: PacketWalk = (packet, row) => loopWalk(containers, float32Column, packet, row);
  if (!generate) return loop;
  try {
    return generatedWalk(containers, float32Column);
  } catch {
    return loop; // code generation not allowed here
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function generatedWalk(
  containers: readonly FieldContainer[],
  float32Column: Uint8Array,
): PacketWalk {
  // One small function per container, called in turn. Chromium's V8 kept
  // recompiling a single function that read all 316 fields (Maglev, in the
  // renderer's thread pool): ~440 ms of CPU a second at 2,000 packets/s,
  // against ~60 with one function per container (bench/RESULTS.md).
  const parts = containers.map((c, ci) => {
    const lines: string[] = ["let v;"];
    let parent = "p";
    c.keys.forEach((key, k) => {
      const name = `o${k}`;
      lines.push(
        `const ${name} = ${parent}[${JSON.stringify(key)}]; if (!isObject(${name})) return false;`,
      );
      parent = name;
    });
    c.numKeys.forEach((key, j) => {
      const field = c.numIndex[j]!;
      const range = float32Column[field] === 1 ? " || v > MAX || v < -MAX" : "";
      lines.push(
        `v = ${parent}[${JSON.stringify(key)}]; if (typeof v !== "number" || v - v !== 0${range}) return false; nums[${field}] = v;`,
      );
    });
    c.boolKeys.forEach((key, j) => {
      const field = c.boolIndex[j]!;
      lines.push(
        `v = ${parent}[${JSON.stringify(key)}]; if (v === true) bits[${field >>> 5}] |= ${(1 << (field & 31)) | 0}; else if (v !== false) return false;`,
      );
    });
    c.strKeys.forEach((key, j) => {
      lines.push(
        `v = ${parent}[${JSON.stringify(key)}]; if (typeof v !== "string") return false; strs[${c.strIndex[j]!}] = v;`,
      );
    });
    lines.push("return true;");
    return `function part${ci}(p, nums, strs, bits) {\n${lines.join("\n")}\n}`;
  });
  const calls = parts.map((_, i) => `part${i}(p, nums, strs, bits)`).join(" &&\n    ");
  const body = [
    ...parts,
    "return function walk(p, row) {",
    "  if (!isObject(p)) return false;",
    "  const nums = row.nums, strs = row.strs, bits = row.bits;",
    `  return ${calls || "true"};`,
    "};",
  ].join("\n");
  // Generated from the schema's own field names, once per worker.
  const make = new Function("isObject", "MAX", body);
  return make(isObject, FLOAT32_MAX) as PacketWalk;
}

function loopWalk(
  containers: readonly FieldContainer[],
  float32Column: Uint8Array,
  packet: unknown,
  row: StagingRow,
): boolean {
  if (!isObject(packet)) return false;
  const { nums, strs, bits } = row;
  for (const container of containers) {
    let obj = packet;
    for (const key of container.keys) {
      const inner = obj[key];
      if (!isObject(inner)) return false;
      obj = inner;
    }
    for (let j = 0; j < container.numKeys.length; j++) {
      const field = container.numIndex[j]!;
      const v = obj[container.numKeys[j]!];
      if (typeof v !== "number" || v - v !== 0) return false;
      if (float32Column[field] === 1 && !(v <= FLOAT32_MAX && v >= -FLOAT32_MAX)) return false;
      nums[field] = v;
    }
    for (let j = 0; j < container.boolKeys.length; j++) {
      const field = container.boolIndex[j]!;
      const v = obj[container.boolKeys[j]!];
      if (v === true) bits[field >>> 5]! |= 1 << (field & 31);
      else if (v !== false) return false;
    }
    for (let j = 0; j < container.strKeys.length; j++) {
      const v = obj[container.strKeys[j]!];
      if (typeof v !== "string") return false;
      strs[container.strIndex[j]!] = v;
    }
  }
  return true;
}
