import type { ConnectionType } from "../../../workers/contract/fields";
import type { LoadingPhase } from "../../state/loadingPhases";

// The spec's texts, word for word, and two of ours: the spec's "showing demo"
// is true only in DEMO. A user who chose NETWORK or RADIO is never shown the
// simulated car, so their ready text says what the app is doing instead.
const LOADING_TEXTS = {
  connecting: "Connecting to Helios...",
  connected: "Connected to Helios!",
  demo: "Can't connect to Helios, showing demo.",
  waitingBackend: "Can't connect to Helios, waiting for the backend.",
  waitingRadio: "Can't connect to Helios, waiting for the radio.",
} as const;

export function loadingText(
  phase: LoadingPhase,
  socketOrRadioConnected: boolean,
  connectionType: ConnectionType,
): string {
  if (phase !== "ready") return LOADING_TEXTS.connecting;
  if (socketOrRadioConnected) return LOADING_TEXTS.connected;
  if (connectionType === "NETWORK") return LOADING_TEXTS.waitingBackend;
  if (connectionType === "RADIO") return LOADING_TEXTS.waitingRadio;
  return LOADING_TEXTS.demo;
}
