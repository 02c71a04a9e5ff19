// The history's columns beyond the packet's: those the ingest stages add,
// stored after the packet's numeric columns in the stages' order. Today they
// are the math channels' slots (math/channelSlots.ts), named after the
// channel each holds (math/channelRegistry.ts). Everything that lists, looks
// up or plans columns (snapshots, series, CSV, the map, alert rules) goes
// through this file, so a channel needs no special case anywhere. The
// channels change at run time: ask these functions, never keep their answers
// past a change of CHANNELS.version.
import type { FieldInfo, FieldPath } from "../../contract/fields";
import { STAGES } from "../pipeline/stages";
import { useStoredFields } from "../alerts/subjects";
import { CHANNELS } from "../math/channelRegistry";
import { FIRST_SLOT_FIELD } from "../math/channelSlots";
import { ENERGY_COLUMNS } from "../laps/analysis/energyStage";
import { FIELD_CATALOG, NUMERIC_FIELDS, fieldInfo, fieldSlot, type FieldSlot } from "./fields";

/** Every stage's columns, in storage order (internal names; never shown). */
const STAGE_COLUMNS: readonly FieldInfo[] = STAGES.flatMap((stage) => stage.columns);

/** Numeric columns the store keeps: the packet's, then the stages' (by internal name). */
export const STORED_NUMERIC_FIELDS: readonly FieldPath[] = [
  ...NUMERIC_FIELDS,
  ...STAGE_COLUMNS.map((info) => info.path),
];

/**
 * Stored numeric index of the first lazily allocated column (the math slots,
 * which are the first stage columns: tests/unit/stage-order.test.ts).
 */
export const LAZY_FIELDS_FROM = FIRST_SLOT_FIELD;

/**
 * Stage columns shown under their own names (the lap energy totals), by
 * stored index: unlike a math slot, such a column is always the same thing.
 */
const NAMED_COLUMNS = new Map<FieldPath, { index: number; info: FieldInfo }>(
  ENERGY_COLUMNS.map((info) => [
    info.path,
    { index: STORED_NUMERIC_FIELDS.indexOf(info.path), info },
  ]),
);
const NAMED_AT = new Map([...NAMED_COLUMNS.values()].map((c) => [c.index, c.info.path]));

/** What the UI can show and plot: the 316 wire fields, the math channels, the lap energy totals. */
export function storeCatalog(): FieldInfo[] {
  return [...FIELD_CATALOG, ...CHANNELS.infos(), ...ENERGY_COLUMNS.map((info) => ({ ...info }))];
}

/** Like fieldSlot, with the math channels and named stage columns after the packet's. */
export function storedFieldSlot(path: FieldPath): FieldSlot | undefined {
  const named = NAMED_COLUMNS.get(path);
  return (
    fieldSlot(path) ?? CHANNELS.slotOf(path) ?? (named && { kind: "number", index: named.index })
  );
}

export function storedFieldInfo(path: FieldPath): FieldInfo | undefined {
  return fieldInfo(path) ?? CHANNELS.infoOf(path) ?? NAMED_COLUMNS.get(path)?.info;
}

/** A stored numeric column's path as the UI knows it; undefined for an unused slot. */
export function storedNumericPath(field: number): FieldPath | undefined {
  if (field < LAZY_FIELDS_FROM) return NUMERIC_FIELDS[field];
  return CHANNELS.nameAt(field) ?? NAMED_AT.get(field);
}

/** A stage's column by its internal name (the pipeline's layout check). */
export function stageColumnIndex(path: FieldPath): number | undefined {
  const at = STORED_NUMERIC_FIELDS.indexOf(path, NUMERIC_FIELDS.length);
  return at < 0 ? undefined : at;
}

// Alert rules may watch the math channels too (see alerts/subjects.ts).
useStoredFields(storedFieldSlot, storedFieldInfo);
