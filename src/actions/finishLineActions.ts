// Moving the finish line: one request through the worker (setLapCoords to the
// backend in NETWORK; the simulated car's line in DEMO). The password lives
// only in the form's component state for the one send: never in appState,
// localStorage, logs or notifications.
import { proxy } from "valtio";
import type { LapCoordsAnswer } from "../../workers/contract/laps";
import { appState } from "../state/appState";
import type { TelemetryClient } from "../worker-client/TelemetryClient";

export async function requestFinishLine(
  client: TelemetryClient,
  lat: string,
  long: string,
  password: string,
): Promise<LapCoordsAnswer> {
  try {
    const answer = await client.api.setLapCoords({ lat, long, password });
    if (answer.ok) appState.lapCoords = answer.coords;
    return answer;
  } catch {
    return { ok: false, error: "The telemetry worker did not answer.", invalidFields: [] };
  }
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
