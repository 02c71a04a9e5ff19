import type { LoadingPhase } from "../../state/loadingPhases";

// The spec's texts, word for word.
export const LOADING_TEXTS = {
  connecting: "Connecting to Helios...",
  connected: "Connected to Helios!",
  demo: "Can't connect to Helios, showing demo.",
} as const;

export function loadingText(phase: LoadingPhase, socketOrRadioConnected: boolean): string {
  if (phase !== "ready") return LOADING_TEXTS.connecting;
  return socketOrRadioConnected ? LOADING_TEXTS.connected : LOADING_TEXTS.demo;
}
