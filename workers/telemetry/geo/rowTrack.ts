// The position a replay shows is the one at its clock: the fix of the shown
// row, the heading and the distance travelled from the replay's first row up
// to it. (The live accumulator sums every packet as it arrives; a replay
// history arrives whole, so summing it while loading put the card and the
// car arrow at the end of the range whatever the clock said.) Playback moves
// forward, so the walk continues from where it stopped; going back walks
// again from the first row.
import type { ColumnRing } from "../history/ColumnRing";
import { TrackDistance } from "./geo";
import { LAT, LONG } from "./trackThin";

export class RowTrack {
  private track = new TrackDistance();
  /** Rows [0, next) are in `track`. */
  private next = 0;
  /** What the walk was made over: another length or first row means another history. */
  private length = -1;
  private firstTime = NaN;

  /** The track over rows 0..`index` of `ring` (none for index < 0). */
  upTo(ring: ColumnRing, index: number): TrackDistance {
    const firstTime = ring.length > 0 ? ring.time(0) : NaN;
    const sameRows = ring.length === this.length && Object.is(firstTime, this.firstTime);
    if (!sameRows || index < this.next - 1) {
      this.track = new TrackDistance();
      this.next = 0;
      this.length = ring.length;
      this.firstTime = firstTime;
    }
    const last = Math.min(index, ring.length - 1);
    for (; this.next <= last; this.next++)
      this.track.add(ring.number(this.next, LAT), ring.number(this.next, LONG));
    return this.track;
  }
}
