// The history's columns beyond the packet's: those the ingest stages add
// (derived power today, see pipeline/stages.ts), stored after the packet's
// numeric columns in the stages' order. Everything that lists, looks up or
// plans columns (snapshots, series, CSV, the map) goes through this file, so a
// stage's column needs no special case anywhere.
import type { FieldInfo, FieldPath } from "../../contract/fields";
import { STAGES } from "../pipeline/stages";
import { useStoredFields } from "../alerts/subjects";
import { FIELD_TEXT } from "./fieldLabels";
import { FIELD_CATALOG, NUMERIC_FIELDS, fieldInfo, fieldSlot, type FieldSlot } from "./fields";

/** Every stage's columns, in storage order (all numeric), labelled from the one table. */
export const DERIVED_FIELDS: readonly FieldInfo[] = STAGES.flatMap((stage) => stage.columns).map(
  (info) => {
    const text = FIELD_TEXT.get(info.path);
    return text ? { ...info, ...text } : info;
  },
);

/** Numeric columns the store keeps: the packet's, then the stages'. */
export const STORED_NUMERIC_FIELDS: readonly FieldPath[] = [
  ...NUMERIC_FIELDS,
  ...DERIVED_FIELDS.map((info) => info.path),
];

/** What the UI can show and plot: the 316 wire fields, then the stages' columns. */
export const STORE_CATALOG: readonly FieldInfo[] = [...FIELD_CATALOG, ...DERIVED_FIELDS];

const DERIVED_SLOTS = new Map<FieldPath, FieldSlot>(
  DERIVED_FIELDS.map((info, i) => [
    info.path,
    { kind: "number", index: NUMERIC_FIELDS.length + i },
  ]),
);
const DERIVED_INFO = new Map(DERIVED_FIELDS.map((info) => [info.path, info]));

/** Like fieldSlot, with the stages' columns after the packet's numeric columns. */
export function storedFieldSlot(path: FieldPath): FieldSlot | undefined {
  return fieldSlot(path) ?? DERIVED_SLOTS.get(path);
}

export function storedFieldInfo(path: FieldPath): FieldInfo | undefined {
  return fieldInfo(path) ?? DERIVED_INFO.get(path);
}

// Alert rules may watch the stages' columns too (see alerts/subjects.ts).
useStoredFields(storedFieldSlot, storedFieldInfo);
