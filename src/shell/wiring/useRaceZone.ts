// The race's time zone is the one the Strategy settings name (the core holds
// them for every window): read once the start's saved settings reached the
// core, and again whenever another window changed them (this window's own
// save tells it in strategyActions.ts). A core that does not answer leaves
// the zone unknown, and times are then this computer's.
import { useEffect } from "react";
import { subscribeKey } from "valtio/utils";
import { strategySettingsRestored } from "../../actions/strategyActions";
import { sharedSettingsRevision } from "../../state/sharedSettingsRevision";
import { learnRaceZone } from "../../state/shownTime";
import { useTelemetry } from "../../worker-client/hooks";

export function useRaceZone(): void {
  const { client } = useTelemetry();
  useEffect(() => {
    let alive = true;
    const read = () =>
      void client.api.strategySettings().then(
        (settings) => alive && learnRaceZone(settings.timeZone),
        () => undefined,
      );
    void strategySettingsRestored(client).then(read);
    const off = subscribeKey(sharedSettingsRevision, "strategy", read);
    return () => {
      alive = false;
      off();
    };
  }, [client]);
}
