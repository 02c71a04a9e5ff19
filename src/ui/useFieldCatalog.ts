// The worker's field catalog (labels, units, groups), asked for once per page,
// and its plottable part for the plots.
import { useEffect, useMemo, useState } from "react";
import type { FieldInfo } from "../../workers/contract/fields";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { useTelemetry } from "../worker-client/hooks";

let catalog: Promise<FieldInfo[]> | null = null;
let resolved: FieldInfo[] | null = null;

function loadCatalog(client: TelemetryClient): Promise<FieldInfo[]> {
  catalog ??= client.api.fieldCatalog().then(
    (fields) => (resolved = fields),
    (error: unknown) => {
      catalog = null; // let the next mount try again
      throw error;
    },
  );
  return catalog;
}

export function useFieldCatalog(): FieldInfo[] | null {
  const { client } = useTelemetry();
  const [fields, setFields] = useState<FieldInfo[] | null>(resolved);
  useEffect(() => {
    if (fields) return;
    let live = true;
    loadCatalog(client).then(
      (loaded) => live && setFields(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, fields]);
  return fields;
}

export interface PlotCatalog {
  /** Numeric and boolean fields in packet order (the plottable ones). */
  fields: FieldInfo[];
  byPath: Map<string, FieldInfo>;
}

/** The plottable fields, with a lookup by path for legends and axes. */
export function usePlottableFields(): PlotCatalog | null {
  const all = useFieldCatalog();
  return useMemo(() => {
    if (!all) return null;
    const fields = all.filter((f) => f.type === "number" || f.type === "boolean");
    return { fields, byPath: new Map(fields.map((f) => [f.path, f])) };
  }, [all]);
}
