// The columns of an export: which stored field each reads, its header text
// (`Battery.PackVoltage [V]` when values are as displayed) and how its cells
// are written. Also reads such a header back (import).
import type { AppUnits, FieldInfo, FieldPath } from "../../contract/fields";
import type { ColumnLayout } from "../pipeline/columnLayout";
import { displayConversion, displayUnit } from "../../shared/units";
import { needsFloat64 } from "../history/precision";
import { decimalsFor } from "./csvCells";

export const TIME_ISO_COLUMN = "Time (ISO 8601 UTC)";
export const TIME_MS_COLUMN = "Time (epoch ms)";

export type ColumnWriter =
  | {
      kind: "number";
      index: number;
      scale: number;
      offset: number;
      decimals: number | null;
      f32: boolean;
    }
  | { kind: "boolean"; index: number }
  | { kind: "string"; index: number };

interface ExportColumn {
  header: string;
  writer: ColumnWriter;
}

/** The fields to export, in catalog order for "every field"; unknown paths are dropped. */
export function exportFields(
  layout: ColumnLayout,
  fields: readonly FieldPath[] | null,
): FieldInfo[] {
  if (fields === null) return layout.storeCatalog();
  const seen = new Set<string>();
  return fields.flatMap((path) => {
    const info = layout.storedFieldInfo(path);
    if (!info || seen.has(path)) return [];
    seen.add(path);
    return [info];
  });
}

export function exportColumns(
  layout: ColumnLayout,
  fields: readonly FieldInfo[],
  values: "display" | "raw",
  units: AppUnits,
): ExportColumn[] {
  return fields.map((info) => {
    const slot = layout.storedFieldSlot(info.path)!;
    if (slot.kind !== "number")
      return { header: info.path, writer: { kind: slot.kind, index: slot.index } };
    const shown = values === "display" ? displayUnit(info.unit, units) : info.unit;
    const conversion = values === "display" ? displayConversion(info.unit, units) : null;
    return {
      header: values === "display" && shown !== "" ? `${info.path} [${shown}]` : info.path,
      writer: {
        kind: "number",
        index: slot.index,
        scale: conversion?.scale ?? 1,
        offset: conversion?.offset ?? 0,
        decimals: values === "display" ? decimalsFor(shown) : null,
        // Math channels are stored in Float64 whatever their name says.
        f32: slot.index < layout.lazyFrom && !needsFloat64(info.path),
      },
    };
  });
}

/** "Battery.PackVoltage [V]" → { path, unit: "V" }; a header without brackets has unit null. */
export function splitHeader(header: string): { path: string; unit: string | null } {
  const match = /^(.*?)\s*\[([^\]]*)\]\s*$/.exec(header);
  return match
    ? { path: match[1]!.trim(), unit: match[2]!.trim() }
    : { path: header.trim(), unit: null };
}
