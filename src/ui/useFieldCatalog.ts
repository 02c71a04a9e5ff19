// The worker's field catalog (labels, units, groups) and its plottable part
// for the plots. Asked for once per page and again whenever the snapshot's
// math channels version moves, so a saved channel shows (group "Math") in
// every picker, table, favourite, map colouring, rule and export at once.
import { useEffect, useMemo, useState } from "react";
import type { FieldInfo } from "../../workers/contract/fields";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { useLiveStatusPart, useTelemetry } from "../worker-client/hooks";
import { CatalogCache } from "./catalogCache";

const caches = new WeakMap<TelemetryClient, CatalogCache>();

function cacheFor(client: TelemetryClient): CatalogCache {
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = new CatalogCache(() => client.api.fieldCatalog())));
  return cache;
}

export function useFieldCatalog(): FieldInfo[] | null {
  const { client } = useTelemetry();
  // Before the first snapshot: version 0, the catalog without channels.
  const version = useLiveStatusPart("math")?.version ?? 0;
  const cache = cacheFor(client);
  const [fields, setFields] = useState<FieldInfo[] | null>(cache.current);
  useEffect(() => {
    if (cache.isFresh(version)) {
      setFields(cache.current);
      return;
    }
    let live = true;
    cache.get(version).then(
      (loaded) => live && setFields(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [cache, version]);
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
