// Connects the worker's events and snapshots to appState, drives the loading
// flag and the loading screen's phases, and turns worker notifications into
// toasts. Runs once for the page (effects clean up under StrictMode).
import { useEffect } from "react";
import type { WorkerEvent } from "../../../workers/contract";
import { appState } from "../../state/appState";
import { browserClock, type Clock } from "../../state/clock";
import { mirrorConnection } from "../../state/connectionMirror";
import { applyLapResult } from "../../state/lapsState";
import { LoadingPhases } from "../../state/loadingPhases";
import { LoadingSignal } from "../../state/loadingSignal";
import { NOTIFICATION_TEXTS } from "../../state/notificationQueue";
import { useTelemetry } from "../../worker-client/hooks";
import { notify } from "../notifications/notificationCenter";

function handleEvent(event: WorkerEvent, loading: LoadingSignal): void {
  switch (event.type) {
    case "connection":
      mirrorConnection(event.connection);
      loading.updateLink(event.connection);
      return;
    case "notification":
      if (event.kind === "carConnect") appState.mqttConnected = true;
      if (event.kind === "carDisconnect") appState.mqttConnected = false;
      // The worker already applies the lap rule (NETWORK, or the demo car's own
      // laps; never during playback), so every lapComplete it sends is shown.
      notify(NOTIFICATION_TEXTS[event.kind]);
      return;
    case "laps":
      applyLapResult(event.result);
      return;
    case "lapCoords":
      appState.lapCoords = event.coords;
      return;
    case "rejected":
      return; // counters reach the status bar through snapshots
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

    const offEvents = client.onEvent((event) => handleEvent(event, loading));
    const offStatus = live.subscribeStatus(() => {
      const connection = live.status?.connection;
      if (!connection) return;
      mirrorConnection(connection);
      loading.updateLink(connection);
    });
    return () => {
      offEvents();
      offStatus();
      loading.dispose();
      phases.dispose();
    };
  }, [client, live, clock]);
}
