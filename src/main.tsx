import { FocusStyleManager } from "@blueprintjs/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@blueprintjs/core/lib/css/blueprint.css";
import { App } from "./App";
import { TelemetryContext } from "./worker-client/hooks";
import {
  configFromUrl,
  createTelemetry,
  demoCarFromUrl,
  demoClockFromUrl,
  demoDayFromUrl,
  demoInjectFromUrl,
  catalogFieldType,
} from "./worker-client/createTelemetry";
import { appState } from "./state/appState";
import { persistAppState, restoreAppState } from "./state/persistence";
import { notifyAfterLoading } from "./shell/notifications/notifyAfterLoading";
import { notify } from "./shell/notifications/notificationCenter";
import { reloadNotice } from "./shell/wiring/coreWatch";
import { installTestHooks } from "./shell/testHooks";
import { claimWindowName } from "./state/windowName";
import { startConfig } from "./actions/sharedSettingsTable";
import { startOfflineApp } from "./shell/offline/appUpdate";

// Focus rings for keyboard users only, not after every click.
FocusStyleManager.onlyShowFocusOnTabs();

// Saved settings first (validated; bad data → defaults + a warning toast), so
// the worker starts in the saved connection type (SPEC §4: restored; DEMO on a
// first visit) and with the saved backend unless the URL names one.
notifyAfterLoading(
  restoreAppState(window.localStorage).map((message) => ({
    title: "Settings reset",
    message,
    intent: "warning",
  })),
);
// A reload that joins a core again after the last one stopped or hung: said,
// and that core's DEMO recording goes on (WorkerConfig.restartsCore).
const coreReloaded = reloadNotice(window.sessionStorage);
if (coreReloaded) notifyAfterLoading([coreReloaded]);
const demoDayProblem = demoDayFromUrl(window.location.search).problem;
if (demoDayProblem)
  notifyAfterLoading([{ title: "Demo day ignored", message: demoDayProblem, intent: "warning" }]);
const demoClockProblem = demoClockFromUrl(window.location.search, Date.now()).problem;
if (demoClockProblem)
  notifyAfterLoading([
    { title: "Demo clock ignored", message: demoClockProblem, intent: "warning" },
  ]);
const demoCarProblem = demoCarFromUrl(window.location.search).problem;
if (demoCarProblem)
  notifyAfterLoading([{ title: "Demo car ignored", message: demoCarProblem, intent: "warning" }]);
const demoInject = demoInjectFromUrl(window.location.search);
if (demoInject.problem)
  notifyAfterLoading([
    { title: "Demo injections ignored", message: demoInject.problem, intent: "warning" },
  ]);
persistAppState(window.localStorage);

// The shared settings the core starts with (actions/sharedSettingsTable.ts),
// then what the address asks for this visit.
const config = {
  ...startConfig(),
  ...configFromUrl(window.location.search),
  ...(coreReloaded ? { restartsCore: true } : {}),
};
if (config.backendUrl) appState.backendUrl = config.backendUrl;
if (config.webSocketUpgrade !== undefined) appState.webSocketUpgrade = config.webSocketUpgrade;
const telemetry = createTelemetry(config);
installTestHooks(window.location.search, telemetry);
// Recorded sessions should survive storage pressure; only a page (not the
// worker) may ask. A refusal is fine: recording works, just not "persistent".
void navigator.storage?.persist?.().catch(() => false);
telemetry.live.start();
// ?demoInject's fields and values, checked against the worker's catalog (the
// page has no schema): the worker drops them all for a mistake; this says why.
if (demoInject.injections.length > 0)
  telemetry.client.api
    .fieldCatalog()
    .then((catalog) => {
      const problem = demoInjectFromUrl(window.location.search, catalogFieldType(catalog)).problem;
      if (!problem) return;
      const note = {
        title: "Demo injections ignored",
        message: problem,
        intent: "warning" as const,
      };
      if (appState.displayLoading) notifyAfterLoading([note]);
      else notify(note);
    })
    .catch(() => undefined);
// The core names this window (unique among the open ones); its plot layout and
// map view are saved under the name. Unnamed, it goes on as the first window.
claimWindowName((wanted) => telemetry.client.api.claimWindowName(wanted)).catch((error) =>
  console.warn("This window could not be named; it keeps the first window's layout.", error),
);

// After one visit the built app loads with no network (shell/offline/appUpdate.ts).
startOfflineApp(() =>
  notify({
    title: "Ready offline",
    message: "Helios now opens without a network: at the track, a reload still works.",
    intent: "success",
  }),
);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <TelemetryContext.Provider value={telemetry}>
      <App />
    </TelemetryContext.Provider>
  </StrictMode>,
);
