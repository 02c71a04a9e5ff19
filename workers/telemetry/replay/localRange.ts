// Loading a local date range: the rows and the laps that the recorded sessions
// overlapping the range hold inside it, loaded whole (no window around the
// clock), in whole stored records: up to a minute more at either end. Apart from ReplayController because it is one fill of the replay
// history, like the backend range's (backendRange.ts).
import type { Lap } from "../../contract/laps";
import type { RowSlices } from "../../contract/storageProtocol";
import type { Sessions } from "../sessions/Sessions";
import type { ReplayFill } from "./ReplayHistory";

/** Fills the replay with the range `from`..`to` of the stored sessions; their laps go to `setLaps`. */
export function localRangeFill(
  getSessions: () => Sessions | null,
  from: number,
  to: number,
  setLaps: (laps: Lap[]) => void,
): ReplayFill {
  return async (reserve, progress) => {
    const sessions = getSessions();
    const list = (await sessions?.list()) ?? [];
    const overlapping = list.filter((s) => s.lastPacketTime >= from && s.firstPacketTime <= to);
    const laps: Lap[] = [];
    // Every session's rows are read first, so the store is sized to all of them.
    const chunks: RowSlices[] = [];
    let read = 0;
    for (const [i, s] of overlapping.entries()) {
      for (const rows of await sessions!.sessionRows(s.id, from, to)) {
        chunks.push(rows);
        read += rows.count;
      }
      laps.push(...(await sessions!.sessionLaps(s.id, from, to)));
      progress(read, (i + 1) / overlapping.length);
    }
    const store = reserve(read);
    for (const rows of chunks) store.appendRows(rows);
    setLaps(laps.sort((a, b) => a.endMs - b.endMs));
    if (overlapping.length === 0) throw new Error("No recorded session covers this range.");
  };
}
