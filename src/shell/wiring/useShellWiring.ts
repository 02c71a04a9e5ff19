// Connects the worker's snapshots (state) and events (happenings) to the UI:
// every snapshot's connection state goes to appState through
// mirrorConnection, drives the loading flag and the loading screen's phases;
// notifications and new alerts become toasts; the settings shared by every
// window are wired by useSharedSettings, all the same way (the race's time
// zone, which times are shown in, by useRaceZone); a core that stops
// answering is said, and a dead line to it joined again (coreWatch.ts). Runs
// once for the page (effects clean up under StrictMode).
import { useEffect } from "react";
import type { WorkerEvent } from "../../../workers/contract/telemetryApi";
import { appState } from "../../state/appState";
import { browserClock, type Clock } from "../../state/clock";
import { mirrorConnection } from "../../state/connectionMirror";
import { applyLapResult } from "../../state/lapsState";
import { LoadingPhases } from "../../state/loadingPhases";
import { LoadingSignal } from "../../state/loadingSignal";
import { NOTIFICATION_TEXTS } from "../../state/notificationQueue";
import { useTelemetry } from "../../worker-client/hooks";
import { notify, notifyWithId, updateNotification } from "../notifications/notificationCenter";
import { LapToasts } from "../notifications/lapToasts";
import { useSharedSettings } from "./useSharedSettings";
import { useLapTable } from "./useLapTable";
import { useRaceZone } from "./useRaceZone";
import { alertEventHandler } from "../notifications/alertEvents";
import { coreLineState } from "../../state/coreLine";
import { watchCore } from "./coreWatch";
import { replaceCore } from "../../worker-client/coreName";

// A burst of laps becomes one toast ("3 laps completed"), never a queue.
const lapToasts = new LapToasts({ show: notifyWithId, update: updateNotification });

function handleEvent(event: WorkerEvent): void {
  switch (event.type) {
    case "notification":
      // The link itself (mqttConnected) arrives with the next snapshot. The worker already applies the lap rule (NETWORK, or the demo car's own
      // laps; never during playback), so every lapComplete it sends is shown.
      if (event.kind === "lapComplete") lapToasts.lap();
      else notify(NOTIFICATION_TEXTS[event.kind]);
      return;
    case "laps":
      applyLapResult(event.result);
      return;
    case "linkNotice":
      notify({ title: "Backend link", message: event.message, intent: "warning" });
      return;
    case "sessionNotice":
      notify({
        title: event.level === "error" ? "Replay failed" : "Sessions",
        message: event.message,
        intent: event.level === "error" ? "danger" : "warning",
      });
      return;
  }
}

export function useShellWiring(clock: Clock = browserClock): void {
  const { client, live } = useTelemetry();
  useSharedSettings();
  useLapTable();
  useRaceZone();

  useEffect(() => {
    const phases = new LoadingPhases(clock, (phase) => {
      appState.loadingPhase = phase;
      appState.displayLoading = phase !== "hidden";
    });
    const loading = new LoadingSignal(clock, (value) => {
      appState.loading = value;
      phases.setLoading(value);
    });
    appState.loading = true;
    loading.start();
    phases.start(true);
    appState.loadingPhase = phases.phase;
    appState.displayLoading = true;

    const onAlerts = alertEventHandler(client);
    const offEvents = client.onEvent((event) => {
      if (event.type === "alerts") {
        // The status bar counts it now, not at the next snapshot.
        live.pollNow();
        onAlerts(event.started, event.omitted, event.announce !== false);
      } else handleEvent(event);
    });
    const offStatus = live.subscribeStatus(() => {
      const connection = live.status?.connection;
      if (!connection) return;
      mirrorConnection(connection);
      loading.updateLink(connection);
    });
    const offCore = watchCore({
      onSilence: (listener) => live.onSilence(listener),
      onGone: (listener) => client.onCoreGone(listener),
      onOtherCore: (listener) => client.onOtherCore(listener),
      replaceCore: () =>
        client.hosting === "shared" ? replaceCore(window.localStorage, client.coreName) : null,
      probeCore: (ms) => client.probeCore(ms),
      setLine: (line) => (coreLineState.line = line),
      notify,
      reload: () => window.location.reload(),
      delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      storage: window.sessionStorage,
      now: () => Date.now(),
    });
    return () => {
      offCore();
      offEvents();
      offStatus();
      loading.dispose();
      phases.dispose();
    };
  }, [client, live, clock]);
}
