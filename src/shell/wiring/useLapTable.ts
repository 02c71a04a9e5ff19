// The lap table with energy and sector columns is asked for again whenever
// the laps change and whenever the core's sector lines did (their revision:
// set here or in another window). The first ask waits for the start's lines
// to reach the core, so the table never shows without their columns.
import { useEffect } from "react";
import { subscribe } from "valtio";
import { subscribeKey } from "valtio/utils";
import { sectorLinesSetting } from "../../actions/sectorLinesActions";
import { savedSettingRestored } from "../../actions/sharedSetting";
import { applyLapTable } from "../../state/lapAnalysis";
import { lapsState } from "../../state/lapsState";
import { sharedSettingsRevision } from "../../state/sharedSettingsRevision";
import { useTelemetry } from "../../worker-client/hooks";

export function useLapTable(): void {
  const { client } = useTelemetry();
  useEffect(() => {
    let alive = true;
    const refresh = () =>
      void client.api.lapTable().then(
        (table) => alive && applyLapTable(table),
        () => undefined,
      );
    void savedSettingRestored(client, sectorLinesSetting).then(refresh);
    const offLines = subscribeKey(sharedSettingsRevision, "sectors", refresh);
    const offLaps = subscribe(lapsState, refresh);
    return () => {
      alive = false;
      offLines();
      offLaps();
    };
  }, [client]);
}
