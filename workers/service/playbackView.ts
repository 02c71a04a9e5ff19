// What the screen shows around playback. Playback on: the shown packet is the
// default packet (0 / false / "") and live packets are not shown, but they are
// still validated and stored in history, so nothing is lost while the team
// replays. Playback off: every field is sent again with its latest live value.
import type { FieldInfo, FieldValue, Snapshot } from "../contract";

export class PlaybackView {
  on = false;
  /** Store seq at which the last playback began / ended; consumers in between saw defaults. */
  private startSeq = -1;
  private endSeq = -1;
  private defaults: Record<string, FieldValue> | null = null;

  constructor(private readonly catalog: () => FieldInfo[]) {}

  begin(seqAfterReset: number): void {
    this.on = true;
    this.startSeq = seqAfterReset;
  }

  end(seq: number): void {
    this.on = false;
    this.endSeq = seq;
  }

  /** The store seq to ask for: 0 (everything) for a consumer that is still showing defaults. */
  storeSinceSeq(sinceSeq: number): number {
    if (!this.on && sinceSeq >= this.startSeq && sinceSeq <= this.endSeq) return 0;
    return Math.floor(sinceSeq);
  }

  /** Adjust the store's snapshot for what the consumer should see. */
  apply(sinceSeq: number, snapshot: Snapshot): Snapshot {
    if (this.on) {
      snapshot.changed = sinceSeq < this.startSeq ? { ...this.defaultValues() } : {};
      snapshot.geo = { ...snapshot.geo, lat: null, long: null, headingDeg: null };
    } else if (
      sinceSeq >= this.startSeq &&
      sinceSeq <= this.endSeq &&
      snapshot.seq === this.endSeq
    ) {
      // Everything was just re-sent and no packet came since: step past the
      // playback range so the next call does not re-send it all again.
      snapshot.seq = this.endSeq + 0.5;
    }
    return snapshot;
  }

  private defaultValues(): Record<string, FieldValue> {
    this.defaults ??= Object.fromEntries(
      this.catalog().map((f) => [
        f.path,
        f.type === "number" ? 0 : f.type === "boolean" ? false : "",
      ]),
    );
    return this.defaults;
  }
}
