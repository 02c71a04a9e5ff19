// The map's answer: the driven track of the history a window shows, up to
// its playback clock while it replays, its columns moved (not copied) to the
// page.
import * as Comlink from "comlink";
import type { TrackRequest, TrackResult } from "../../contract/track";
import { buildTrack } from "../geo/trackQuery";
import type { TelemetryStore } from "../store/TelemetryStore";

export function trackUpTo(
  store: TelemetryStore,
  lapEnds: number[],
  request: TrackRequest,
  clock: number | null,
): TrackResult {
  const to =
    clock === null ? request?.to : request?.to == null ? clock : Math.min(request.to, clock);
  const result = buildTrack(store.ring, lapEnds, { ...request, to: to ?? null });
  const columns = [result.time, result.lat, result.long, result.value];
  const buffers = new Set(
    [...columns, ...result.details.map((d) => d.values)].map((a) => a.buffer),
  );
  return Comlink.transfer(result, [...buffers]);
}
