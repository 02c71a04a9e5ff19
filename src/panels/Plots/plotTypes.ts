import type { FieldInfo } from "../../../workers/contract/fields";

/**
 * What a plot needs to know about one of its series; `unit` is the display
 * unit; `bits` and `code` make a state timeline's rows.
 */
export type PlotSeriesInfo = Pick<FieldInfo, "path" | "type" | "group" | "label" | "unit"> &
  Pick<FieldInfo, "bits" | "code">;
