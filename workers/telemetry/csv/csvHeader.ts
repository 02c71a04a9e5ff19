// Reads an export's header (or the reference product's: dotted paths, wire
// values) into column bindings for import: which field each column fills and
// how its unit converts back to the wire's. A column named in any backend
// generation's spelling fills the internal field (schema/generations.ts).
// Unknown columns are ignored and noted; a file missing any of the packet's
// fields, or with two columns for one field, is refused.
import { FIELD_CATALOG, NUMERIC_FIELDS } from "../schema/fields";
import { GENERATION_TABLE, type GenerationTable } from "../schema/generationTable";
import type { StoredFields } from "../pipeline/Stage";
import { fromShownUnit } from "../../shared/units";
import { TIME_ISO_COLUMN, TIME_MS_COLUMN, splitHeader } from "./csvColumns";

export interface ColumnBinding {
  column: number;
  path: string;
  /** Keys from the packet root to the object holding the leaf, and the leaf key. */
  parents: string[];
  key: string;
  kind: "number" | "boolean" | "string";
  scale: number;
  offset: number;
}

type HeaderReading =
  { ok: true; bindings: ColumnBinding[]; notes: string[] } | { ok: false; message: string };

const list = (items: string[], max = 5): string =>
  items.slice(0, max).join(", ") + (items.length > max ? ` and ${items.length - max} more` : "");

export function readHeader(
  names: readonly string[],
  layout: StoredFields,
  generations: GenerationTable = GENERATION_TABLE,
): HeaderReading {
  const bindings: ColumnBinding[] = [];
  const unknown: string[] = [];
  const badUnits: string[] = [];
  const converted = new Set<string>();
  const recomputed: string[] = [];
  /** The first column that fills each field: a second one would silently win. */
  const firstColumn = new Map<string, number>();
  const duplicates: string[] = [];
  names.forEach((name, column) => {
    if (name === TIME_ISO_COLUMN || name === TIME_MS_COLUMN) return;
    const { path: wirePath, unit } = splitHeader(name);
    const path = generations.internalPath(wirePath);
    const info = layout.storedFieldInfo(path);
    const slot = layout.storedFieldSlot(path);
    if (!info || !slot) {
      if (name.trim() !== "") unknown.push(name);
      return;
    }
    // A math channel (Derived.* too) is computed again from the packet's
    // fields with today's definition, never read back from the file.
    if (slot.kind === "number" && slot.index >= NUMERIC_FIELDS.length) {
      recomputed.push(path);
      return;
    }
    const earlier = firstColumn.get(path);
    if (earlier !== undefined) {
      const spelled = (c: number) => `${c + 1} "${names[c]}"`;
      duplicates.push(`${path} (columns ${spelled(earlier)} and ${spelled(column)})`);
      return;
    }
    firstColumn.set(path, column);
    let conversion = { scale: 1, offset: 0 };
    if (unit !== null && info.type === "number") {
      const back = fromShownUnit(info.unit, unit);
      if (!back) {
        badUnits.push(`${path} [${unit}] (expected ${info.unit || "no unit"})`);
        return;
      }
      if (back.scale !== 1 || back.offset !== 0) converted.add(unit);
      conversion = back;
    }
    const keys = path.split(".");
    bindings.push({
      column,
      path,
      parents: keys.slice(0, -1),
      key: keys[keys.length - 1]!,
      kind: info.type,
      ...conversion,
    });
  });
  if (duplicates.length > 0)
    return {
      ok: false,
      message: `The header has more than one column for ${list(duplicates, 3)}; keep one of each so it is clear which values to import.`,
    };
  if (badUnits.length > 0)
    return { ok: false, message: `Units this field cannot have: ${list(badUnits, 3)}.` };
  if (bindings.length === 0) {
    return {
      ok: false,
      message: `No Helios telemetry columns in the header (it starts with ${list(names.slice(0, 3), 3) || "nothing"}); expected dotted field names such as Battery.PackVoltage.`,
    };
  }
  const present = new Set(bindings.map((b) => b.path));
  const missing = FIELD_CATALOG.filter((f) => !present.has(f.path)).map((f) => f.path);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `The file lacks ${missing.length} of the packet's ${FIELD_CATALOG.length} fields (${list(missing)}); only an export of every field can be imported.`,
    };
  }
  const notes: string[] = [];
  if (unknown.length > 0)
    notes.push(`Ignored ${unknown.length} unknown column(s): ${list(unknown)}.`);
  if (recomputed.length > 0)
    notes.push(
      `Computed ${recomputed.length} math channel(s) again from the imported fields rather than reading them: ${list(recomputed)}.`,
    );
  if (converted.size > 0) notes.push(`Converted ${[...converted].join(", ")} back to metric.`);
  return { ok: true, bindings, notes };
}
