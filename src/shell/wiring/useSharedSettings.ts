// Wires every setting the core holds for every window (the table in
// actions/sharedSettingsTable.ts) the same way, in one effect: at start, what
// this browser saved goes to the worker (a refusal is told once, in a toast
// after the loading screen; what was saved is kept); an edit made in state
// (the sector lines) is sent; another window's change is shown here.
import { useEffect } from "react";
import { restoreSavedSetting, type TellRefusal } from "../../actions/sharedSetting";
import { adoptSharedSettings, SHARED_SETTINGS } from "../../actions/sharedSettingsTable";
import { showFinishLine } from "../../actions/finishLineActions";
import { appState } from "../../state/appState";
import { useTelemetry } from "../../worker-client/hooks";
import { notify } from "../notifications/notificationCenter";
import { notifyAfterLoading } from "../notifications/notifyAfterLoading";

const tellRefusal: TellRefusal = (title, message) => {
  const note = { title, message, intent: "warning" as const };
  if (appState.displayLoading) notifyAfterLoading([note]);
  else notify(note);
};

export function useSharedSettings(): void {
  const { client } = useTelemetry();
  useEffect(() => {
    // In any order: a setting waits for those it names in `after` (the rules
    // for the math channels) whoever starts first, and a view that waits for
    // a restore (savedSettingRestored) waits for one not started yet, so no
    // effect order matters.
    for (const setting of SHARED_SETTINGS) void restoreSavedSetting(client, setting, tellRefusal);
    const offEdits = SHARED_SETTINGS.map(({ edits, title }) =>
      edits?.changed(() => {
        void edits.send(client).then((problem) => problem && tellRefusal(title, problem));
      }),
    );
    const offEvents = client.onEvent((event) => {
      if (event.type === "sharedSettings") void adoptSharedSettings(client, event.kinds);
      // The finish line comes with its value, to every window (the backend may move it too).
      else if (event.type === "lapCoords") showFinishLine(event.coords);
    });
    return () => {
      offEvents();
      for (const off of offEdits) off?.();
    };
  }, [client]);
}
