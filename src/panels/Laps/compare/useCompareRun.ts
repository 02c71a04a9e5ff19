// Asks the worker for the comparison whenever what is compared changes (the
// laps, the reference, the fields, the units), and keeps the last answer.
// A newer request wins: an older answer arriving late is dropped.
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import type { LapCompareRequest } from "../../../../workers/contract/lapAnalysis";
import { appState } from "../../../state/appState";
import { copyKey, lapCompare, MIN_PICKED, setCompareResult } from "../../../state/lapCompare";
import { useFieldCatalog } from "../../../ui/useFieldCatalog";
import { useTelemetry } from "../../../worker-client/hooks";
import { useShownZone } from "../../../ui/useShownZone";

/** The request for what is picked now (fields the catalog no longer has are left out). */
export function useCompareRequest(): LapCompareRequest {
  const { picked, reference, fields } = useSnapshot(lapCompare);
  const { appUnits } = useSnapshot(appState);
  const zone = useShownZone();
  const catalog = useFieldCatalog();
  const known = catalog ? fields.filter((path) => catalog.some((info) => info.path === path)) : [];
  return {
    laps: picked.map((p) => copyKey(p.key)),
    reference: reference ? copyKey(reference) : null,
    fields: [...known],
    units: appUnits,
    // A refusal names its times as this window shows them.
    timeZone: zone,
  };
}

export function useCompareRun(request: LapCompareRequest): void {
  const { client } = useTelemetry();
  const key = JSON.stringify(request);
  useEffect(() => {
    const asked: LapCompareRequest = JSON.parse(key);
    if (asked.laps.length < MIN_PICKED) {
      setCompareResult(null);
      return;
    }
    let current = true;
    lapCompare.loading = true;
    void client.api.compareLaps(asked).then(
      (result) => {
        if (!current) return;
        lapCompare.loading = false;
        setCompareResult(result);
      },
      (error: unknown) => {
        if (!current) return;
        lapCompare.loading = false;
        setCompareResult({ ok: false, message: `The comparison failed: ${String(error)}` });
      },
    );
    return () => void (current = false);
  }, [client, key]);
}
