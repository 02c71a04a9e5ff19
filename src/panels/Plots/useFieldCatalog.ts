// The plottable part of the worker's field catalog (the common hook fetches it
// once per page); a lookup by path for the legend and axes.
import { useMemo } from "react";
import type { FieldInfo } from "../../../workers/contract";
import { useFieldCatalog as useWorkerFieldCatalog } from "../common/useFieldCatalog";

export interface PlotCatalog {
  /** Numeric and boolean fields in packet order (the plottable ones). */
  fields: FieldInfo[];
  byPath: Map<string, FieldInfo>;
}

export function useFieldCatalog(): PlotCatalog | null {
  const all = useWorkerFieldCatalog();
  return useMemo(() => {
    if (!all) return null;
    const fields = all.filter((f) => f.type === "number" || f.type === "boolean");
    return { fields, byPath: new Map(fields.map((f) => [f.path, f])) };
  }, [all]);
}
