// Moving the finish line, a shared setting (sharedSetting.ts): one request
// through the worker (setLapCoords to the backend in NETWORK; the simulated
// car's line in DEMO). The line in force lives in appState.lapCoords, saved
// with the settings (persistence.ts), and the core starts with it. The
// password lives only in the form's component state for the one send: never
// in appState, localStorage, logs or notifications.
import { proxy } from "valtio";
import type { LapCoords, LapCoordsAnswer, LapCoordsRequest } from "../../workers/contract/laps";
import { appState } from "../state/appState";
import type { TelemetryClient } from "../worker-client/TelemetryClient";
import { NO_ANSWER_TEXT, setShared, type SharedSetting } from "./sharedSetting";

/** Shows the line in force (saved with the settings). */
export function showFinishLine(coords: LapCoords): void {
  appState.lapCoords = coords;
}

export const finishLineSetting: SharedSetting<LapCoordsRequest, LapCoordsAnswer> = {
  kind: "finishLine",
  title: "Finish line",
  // A plain copy: appState's nested objects are valtio proxies, which
  // postMessage cannot clone (the worker would never start after a reload
  // that restored a finish line).
  start: {
    config: () => {
      const line = appState.lapCoords;
      return { lapCoords: line && { lat: line.lat, long: line.long } };
    },
  },
  send: (client, request) => client.api.setLapCoords(request),
  keep: (_client, answer) => showFinishLine(answer.coords),
  noAnswer: { ok: false, error: NO_ANSWER_TEXT, invalidFields: [] },
  // The core sends the line itself, to every window, in its "lapCoords"
  // event (the backend may move it too): useSharedSettings shows it.
  adopt: () => {},
};

export function requestFinishLine(
  client: TelemetryClient,
  lat: string,
  long: string,
  password: string,
): Promise<LapCoordsAnswer> {
  return setShared(client, finishLineSetting, { lat, long, password });
}

/** The answer as the user reads it. */
export function describeAnswer(answer: LapCoordsAnswer): string {
  if (answer.ok) {
    const where = `${answer.coords.lat.toFixed(6)}, ${answer.coords.long.toFixed(6)}`;
    return answer.simulated
      ? `Finish line moved to ${where} for the simulated demo car.`
      : `The backend moved the finish line to ${where}.`;
  }
  const fields = answer.invalidFields.length > 0 ? ` (${answer.invalidFields.join(", ")})` : "";
  return `${answer.error}${fields}`;
}

/** The map's "Set finish line here" opens the prompt with these coordinates. */
export const finishLinePrompt = proxy({ open: false, lat: "", long: "" });

export function openFinishLinePrompt(lat: number, long: number): void {
  finishLinePrompt.lat = lat.toFixed(6);
  finishLinePrompt.long = long.toFixed(6);
  finishLinePrompt.open = true;
}
