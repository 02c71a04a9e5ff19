// Copies the worker's connection state into appState (valtio skips writes of
// equal values, so mirroring every snapshot costs nothing when nothing moved).
import type { ConnectionState } from "../../workers/contract";
import { appState } from "./appState";

export function mirrorConnection(connection: ConnectionState): void {
  appState.connectionType = connection.connectionType;
  appState.socketConnected = connection.socketConnected;
  appState.mqttConnected = connection.mqttConnected;
  appState.radioConnected = connection.radioConnected;
  appState.userLatency = connection.userLatency;
  appState.carLatency = connection.carLatency;
  appState.playbackSwitch = connection.playback;
}
