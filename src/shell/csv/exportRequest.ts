// The dialog's choices, and the worker request they make (pure, tested).
import type { CsvExportRequest } from "../../../workers/contract/csv";
import type { AppUnits, FieldPath } from "../../../workers/contract/fields";
import type { Lap } from "../../../workers/contract/laps";
import { lapWindow } from "../../ui/format/lapFormat";

export type FieldChoice = "all" | "favourites" | "plot" | "picked";
export type RangeChoice = "all" | "window" | "lap" | "custom";
export type FormatChoice = "csv" | "parquet";

export interface ExportChoices {
  /** CSV (text, values as displayed or raw) or Parquet (typed columns, values as stored). */
  format: FormatChoice;
  fields: FieldChoice;
  picked: FieldPath[];
  range: RangeChoice;
  lapIndex: number;
  /** Custom range as typed: ISO 8601 date-times (UTC when no offset is given). */
  customFrom: string;
  customTo: string;
  resample: boolean;
  perSecond: number;
  values: "display" | "raw";
  timeColumns: boolean;
  /** Save the notes in the range beside the data ("<file>-notes.csv" or ".parquet"). */
  notes: boolean;
}

export const DEFAULT_CHOICES: ExportChoices = {
  format: "csv",
  fields: "all",
  picked: [],
  range: "all",
  lapIndex: 0,
  customFrom: "",
  customTo: "",
  resample: false,
  perSecond: 1,
  values: "display",
  timeColumns: true,
  notes: true,
};

/** An ISO date-time as epoch seconds (UTC unless it has an offset); null when empty or bad. */
export function parseIsoSeconds(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/i.test(trimmed);
  const ms = Date.parse(hasZone || !trimmed.includes("T") ? trimmed : `${trimmed}Z`);
  return Number.isFinite(ms) ? ms / 1000 : null;
}

export interface RequestContext {
  units: AppUnits;
  favourites: FieldPath[];
  plotFields: FieldPath[];
  window: { from: number; to: number } | null;
  laps: readonly Lap[];
}

export function buildRequest(c: ExportChoices, ctx: RequestContext): CsvExportRequest {
  const fields =
    c.fields === "favourites"
      ? ctx.favourites
      : c.fields === "plot"
        ? ctx.plotFields
        : c.fields === "picked"
          ? c.picked
          : null;
  let from: number | null = null;
  let to: number | null = null;
  if (c.range === "window" && ctx.window) ({ from, to } = ctx.window);
  const lap = ctx.laps[c.lapIndex];
  if (c.range === "lap" && lap) ({ from, to } = lapWindow(lap));
  if (c.range === "custom") {
    from = parseIsoSeconds(c.customFrom);
    to = parseIsoSeconds(c.customTo);
  }
  return {
    fields,
    from,
    to,
    perSecond: c.resample && c.perSecond > 0 ? c.perSecond : null,
    values: c.values,
    units: ctx.units,
    timeColumns: c.timeColumns,
    format: c.format,
  };
}
