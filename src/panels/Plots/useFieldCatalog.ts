// The worker's field catalog, fetched once per page and shared by every plot.
import { useEffect, useState } from "react";
import type { FieldInfo } from "../../../workers/contract";
import { useTelemetry } from "../../worker-client/hooks";
import type { TelemetryClient } from "../../worker-client/TelemetryClient";

export interface PlotCatalog {
  /** Numeric and boolean fields in packet order (the plottable ones). */
  fields: FieldInfo[];
  byPath: Map<string, FieldInfo>;
}

let cached: Promise<PlotCatalog> | null = null;

function loadCatalog(client: TelemetryClient): Promise<PlotCatalog> {
  cached ??= client.api.fieldCatalog().then((all) => {
    const fields = all.filter((f) => f.type === "number" || f.type === "boolean");
    return { fields, byPath: new Map(fields.map((f) => [f.path, f])) };
  });
  cached.catch(() => (cached = null)); // worker restarting: ask again next time
  return cached;
}

export function useFieldCatalog(): PlotCatalog | null {
  const { client } = useTelemetry();
  const [catalog, setCatalog] = useState<PlotCatalog | null>(null);
  useEffect(() => {
    let alive = true;
    loadCatalog(client).then(
      (loaded) => alive && setCatalog(loaded),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [client]);
  return catalog;
}
