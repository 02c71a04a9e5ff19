// Drives a season's export into a sink (tests, benchmarks; the window runs
// the same loop over the worker's pieces: src/actions/runSeasonExport.ts). A failure or
// an abort leaves the sink aborted, so no partial file stays as if whole.
import type { SeasonSink } from "../../contract/season";
import type { SeasonExport } from "./SeasonExport";

export async function writeSeason(
  season: SeasonExport,
  sink: SeasonSink,
  signal?: AbortSignal,
): Promise<void> {
  try {
    for (;;) {
      signal?.throwIfAborted();
      const piece = await season.next();
      if (!piece) break;
      await sink.write(piece.path, piece.bytes, piece.last);
    }
    await sink.close();
  } catch (error) {
    await season.cancel();
    await sink.abort();
    throw error;
  }
}
