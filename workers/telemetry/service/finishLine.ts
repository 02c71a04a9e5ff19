// setLapCoords (PROTOCOL.md "More of the real server"): the request goes out
// as strings with the password; the answer is `{lat, long}` or
// `{error, invalidFields?}`, by acknowledgement (2026-06) or by broadcast only
// (2026-01). The password is passed through once and never kept or logged.
import { z } from "zod";
import type { BackendGeneration, LapCoordsAnswer, LapCoordsRequest } from "../../contract/laps";
import { FIRST_GENERATION, SECOND_GENERATION } from "../schema/generations";
import type { LapCoordsReply } from "../sources/NetworkSource";
import { parseLapCoords } from "./lapCoords";

const errorSchema = z.object({
  error: z.string(),
  invalidFields: z.array(z.string()).optional(),
});

export const NO_ANSWER = "The backend did not answer (is it connected?).";
export const BAD_ANSWER = "The backend's answer was not understood.";

/** A request from the UI, made safe to send: strings only, trimmed coordinates. */
export function cleanRequest(request: LapCoordsRequest): LapCoordsRequest {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    lat: text(request?.lat).trim(),
    long: text(request?.long).trim(),
    password: text(request?.password),
  };
}

/** The server's reply → the answer shown to the user, and the generation it reveals. */
export function interpretReply(reply: LapCoordsReply | null): {
  answer: LapCoordsAnswer;
  generation: BackendGeneration | null;
} {
  if (!reply) return { answer: failed(NO_ANSWER), generation: null };
  const generation: BackendGeneration = reply.acknowledged ? SECOND_GENERATION : FIRST_GENERATION;
  const coords = parseLapCoords(reply.response);
  if (coords) return { answer: { ok: true, coords, simulated: false }, generation };
  const error = errorSchema.safeParse(reply.response);
  if (error.success) {
    const invalidFields = error.data.invalidFields ?? [];
    // 2026-01 broadcasts errors to every client, so one may answer another
    // client's request: it says the change did not happen, not why ours failed.
    const text = reply.acknowledged ? error.data.error : unconfirmedError(error.data.error);
    return { answer: { ok: false, error: text, invalidFields }, generation };
  }
  return { answer: failed(BAD_ANSWER), generation };
}

/** A 2026-01 error broadcast: it may be another client's, so ours is not confirmed. */
export function unconfirmedError(error: string): string {
  return (
    `Not confirmed: the backend told every client "${error}", which may answer another ` +
    "client's request. The finish line was not moved."
  );
}

export function failed(error: string, invalidFields: string[] = []): LapCoordsAnswer {
  return { ok: false, error, invalidFields };
}

/** DEMO: the simulated car's line moves locally; the coordinates must be numbers in range. */
export function localAnswer(request: LapCoordsRequest): LapCoordsAnswer {
  const lat = request.lat === "" ? NaN : Number(request.lat);
  const long = request.long === "" ? NaN : Number(request.long);
  const invalidFields = [
    ...(Math.abs(lat) <= 90 ? [] : ["lat"]),
    ...(Math.abs(long) <= 180 ? [] : ["long"]),
  ];
  if (invalidFields.length > 0) return failed("Invalid coordinates", invalidFields);
  return { ok: true, coords: { lat, long }, simulated: true };
}
