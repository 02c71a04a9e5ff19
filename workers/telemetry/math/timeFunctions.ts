// The time functions' state and arithmetic, one object per call in a channel
// and per history. Time is the data's (TimeStamp, epoch seconds), never the
// wall clock, so a replay or an import computes what live ingest computed.
// Each update takes one row's time and the argument's value (NaN = a gap) and
// writes the function's value there, or NaN with `why` saying why when the
// cause is the function itself (a NaN argument explains itself).
import { trapezoidH } from "../history/integrate";
import { SampleRing } from "./sampleRing";

export type TimeFunctionName = "deriv" | "integ" | "avg" | "lag";

export interface TimeFunction {
  /** Why the last update gave NaN, when the argument was not the cause. */
  why: string | null;
  /** Writes the value at this row to out[i] (returning a number would box it on every call). */
  update(t: number, x: number, out: Float64Array, i: number): void;
  /** Time went backwards (a new source): forget samples, as at the start of a history. */
  restart(): void;
  /** Back to an empty history's state. */
  clear(): void;
  /** Samples it can hold now without growing (0 without a window): bounded by the window, not the history. */
  capacity(): number;
}

const finite = (v: number): number => (v - v === 0 ? v : NaN);

/** deriv(x): change per second between this sample and the previous finite one. */
class Derivative implements TimeFunction {
  why: string | null = null;
  private prevT = NaN;
  private prevX = NaN;

  update(t: number, x: number, out: Float64Array, i: number): void {
    out[i] = this.compute(t, x);
  }

  private compute(t: number, x: number): number {
    this.why = null;
    if (x !== x) return NaN;
    const dt = t - this.prevT;
    const dx = x - this.prevX;
    this.prevT = t;
    this.prevX = x;
    if (dt !== dt) return this.fail("deriv needs an earlier value");
    if (dt === 0) return this.fail("no time passed since the previous value");
    const v = finite(dx / dt);
    return v === v ? v : this.fail("overflow");
  }

  private fail(why: string): number {
    this.why = why;
    return NaN;
  }

  restart(): void {
    this.prevT = NaN;
    this.prevX = NaN;
  }

  clear(): void {
    this.restart();
  }

  capacity(): number {
    return 0;
  }
}

/** deriv(x, w): change from the oldest finite sample at most w s old, over the time between. */
class WindowDerivative implements TimeFunction {
  why: string | null = null;
  private readonly ring = new SampleRing();
  private readonly missing: string;

  constructor(private readonly w: number) {
    this.missing = `deriv needs an earlier value within ${w} s`;
  }

  update(t: number, x: number, out: Float64Array, i: number): void {
    out[i] = this.compute(t, x);
  }

  private compute(t: number, x: number): number {
    this.why = null;
    const ring = this.ring;
    if (x === x) ring.push(t, x);
    while (ring.size > 0 && ring.timeAt(0) < t - this.w) ring.shift();
    if (x !== x) return NaN;
    const dt = t - ring.timeAt(0);
    if (!(dt > 0)) {
      this.why = this.missing;
      return NaN;
    }
    const v = finite((x - ring.valueAt(0)) / dt);
    if (v !== v) this.why = "overflow";
    return v;
  }

  restart(): void {
    this.ring.clear();
  }

  clear(): void {
    this.ring.clear();
  }

  capacity(): number {
    return this.ring.capacity;
  }
}

/**
 * integ(x): the trapezoid sum over hours of consecutive rows whose values are
 * both finite and at most MAX_STEP_SECONDS apart (history/integrate.ts, as
 * every running total); a gap or a longer pause adds
 * nothing. A gap until the first finite value, then the total so far (held
 * through later gaps).
 */
class Integral implements TimeFunction {
  why: string | null = null;
  private total = NaN;
  private prevT = NaN;
  private prevX = NaN;

  update(t: number, x: number, out: Float64Array, i: number): void {
    out[i] = this.compute(t, x);
  }

  private compute(t: number, x: number): number {
    this.why = null;
    const dt = t - this.prevT;
    if (x === x) {
      if (this.total !== this.total) this.total = 0;
      else this.total += trapezoidH(this.prevX, x, dt);
    }
    this.prevT = t;
    this.prevX = x;
    const v = finite(this.total);
    if (v !== v && this.total === this.total) this.why = "overflow";
    return v;
  }

  restart(): void {
    this.prevT = NaN;
    this.prevX = NaN;
  }

  clear(): void {
    this.restart();
    this.total = NaN;
  }

  capacity(): number {
    return 0;
  }
}

/** avg(x, w): mean of the finite samples in the last w s, t − w < time ≤ t. */
class MovingAverage implements TimeFunction {
  why: string | null = null;
  private readonly ring = new SampleRing();
  private sum = 0;
  /** Samples dropped since the sum was last added up afresh (rounding would creep otherwise). */
  private dropped = 0;
  constructor(private readonly w: number) {}

  update(t: number, x: number, out: Float64Array, i: number): void {
    out[i] = this.compute(t, x);
  }

  private compute(t: number, x: number): number {
    this.why = null;
    const ring = this.ring;
    if (x === x) {
      ring.push(t, x);
      this.sum += x;
    }
    while (ring.size > 0 && ring.timeAt(0) <= t - this.w) {
      this.sum -= ring.shift();
      this.dropped++;
    }
    if (ring.size === 0) {
      // Only when this row is a gap too: its argument's reason explains it.
      this.sum = 0;
      return NaN;
    }
    if (this.dropped >= ring.capacity) this.resum();
    const v = finite(this.sum / ring.size);
    if (v !== v) this.why = "overflow";
    return v;
  }

  private resum(): void {
    let sum = 0;
    for (let i = 0; i < this.ring.size; i++) sum += this.ring.valueAt(i);
    this.sum = sum;
    this.dropped = 0;
  }

  restart(): void {
    this.ring.clear();
    this.sum = 0;
    this.dropped = 0;
  }

  clear(): void {
    this.restart();
  }

  capacity(): number {
    return this.ring.capacity;
  }
}

/** lag(x, w): the value of the latest row at or before t − w; a gap until the history covers w s. */
class Lag implements TimeFunction {
  why: string | null = null;
  private readonly ring = new SampleRing();
  private readonly short: string;
  private readonly gap: string;

  constructor(private readonly w: number) {
    this.short = `less than ${w} s of data so far`;
    this.gap = `no value ${w} s earlier`;
  }

  update(t: number, x: number, out: Float64Array, i: number): void {
    out[i] = this.compute(t, x);
  }

  private compute(t: number, x: number): number {
    this.why = null;
    const ring = this.ring;
    const cutoff = t - this.w;
    ring.push(t, x);
    // Keep exactly one row at or before the cutoff: the oldest one kept.
    while (ring.size > 1 && ring.timeAt(1) <= cutoff) ring.shift();
    if (ring.timeAt(0) > cutoff) {
      this.why = this.short;
      return NaN;
    }
    const v = ring.valueAt(0);
    if (v !== v) this.why = this.gap;
    return v;
  }

  restart(): void {
    this.ring.clear();
  }

  clear(): void {
    this.ring.clear();
  }

  capacity(): number {
    return this.ring.capacity;
  }
}

export function createTimeFunction(name: TimeFunctionName, w: number | undefined): TimeFunction {
  switch (name) {
    case "deriv":
      return w === undefined ? new Derivative() : new WindowDerivative(w);
    case "integ":
      return new Integral();
    case "avg":
      return new MovingAverage(w!);
    case "lag":
      return new Lag(w!);
  }
}
