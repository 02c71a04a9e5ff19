import type { FieldInfo } from "../../../workers/contract/fields";

/** What a plot needs to know about one of its series; `unit` is the display unit. */
export type PlotSeriesInfo = Pick<FieldInfo, "path" | "type" | "group" | "label" | "unit">;
