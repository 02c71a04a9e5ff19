// The one place where the UI's app state follows the worker's connection state:
// the wiring calls this with every snapshot (the snapshot is the only carrier
// of link state; worker events carry happenings only). valtio skips writes of
// equal values, so mirroring every snapshot costs nothing when nothing moved.
import type { ConnectionState } from "../../workers/contract/connection";
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
