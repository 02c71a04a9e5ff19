// At start, the settings saved in this browser that the core holds for every
// window go to the worker: math channels (or the starter set on a first run),
// alert rules and strategy settings. A saved value the worker refuses is told
// once, in a toast after the loading screen; what was saved is kept.
import { useEffect } from "react";
import { restoreSavedSetting, type TellRefusal } from "../../actions/savedSharedSetting";
import { SAVED_SHARED_SETTINGS } from "../../actions/sharedSettingsActions";
import { appState } from "../../state/appState";
import { useTelemetry } from "../../worker-client/hooks";
import { notify } from "../notifications/notificationCenter";
import { notifyAfterLoading } from "../notifications/notifyAfterLoading";

const tellRefusal: TellRefusal = (title, message) => {
  const note = { title, message, intent: "warning" as const };
  if (appState.displayLoading) notifyAfterLoading([note]);
  else notify(note);
};

export function useSavedSharedSettings(): void {
  const { client } = useTelemetry();
  useEffect(() => {
    // In any order: a setting waits for those it names in `after` (the rules
    // for the math channels) whoever starts first, so no effect order matters.
    for (const setting of SAVED_SHARED_SETTINGS)
      void restoreSavedSetting(client, setting, tellRefusal);
  }, [client]);
}
