// A queue of (time, value) samples for the time functions' windows: typed
// arrays used as a ring, doubled when full, so a window holds as many samples
// as its seconds of data need and never grows with the history's length.
// The capacity stays a power of two, so a position wraps with a mask.
export class SampleRing {
  private times: Float64Array;
  private values: Float64Array;
  private head = 0;
  size = 0;

  private mask: number;

  constructor(capacity = 64) {
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
    this.mask = capacity - 1;
    if ((capacity & this.mask) !== 0)
      throw new Error("SampleRing: capacity must be a power of two");
  }

  get capacity(): number {
    return this.times.length;
  }

  push(t: number, x: number): void {
    if (this.size === this.times.length) this.grow();
    const at = (this.head + this.size) & this.mask;
    this.times[at] = t;
    this.values[at] = x;
    this.size++;
  }

  /** The i-th oldest sample's time (0 = oldest); i < size. */
  timeAt(i: number): number {
    return this.times[(this.head + i) & this.mask]!;
  }

  valueAt(i: number): number {
    return this.values[(this.head + i) & this.mask]!;
  }

  /** Drops the oldest sample and gives its value. */
  shift(): number {
    const x = this.values[this.head]!;
    this.head = (this.head + 1) & this.mask;
    this.size--;
    return x;
  }

  clear(): void {
    this.head = 0;
    this.size = 0;
  }

  private grow(): void {
    const times = new Float64Array(this.times.length * 2);
    const values = new Float64Array(this.times.length * 2);
    for (let i = 0; i < this.size; i++) {
      times[i] = this.timeAt(i);
      values[i] = this.valueAt(i);
    }
    this.times = times;
    this.values = values;
    this.mask = times.length - 1;
    this.head = 0;
  }
}
