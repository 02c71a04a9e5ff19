// The worker's field catalog (labels, units, groups), asked for once per page.
import { useEffect, useState } from "react";
import type { FieldInfo } from "../../../workers/contract";
import type { TelemetryClient } from "../../worker-client/TelemetryClient";
import { useTelemetry } from "../../worker-client/hooks";

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
