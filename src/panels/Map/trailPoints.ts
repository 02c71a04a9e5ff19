// The trail the map draws, kept on the main thread between the worker's
// answers: growable columns (time, position, colour value and the hover
// values), each point's colour bin and its projected pixel position. A whole
// answer replaces them, a tail answer is appended; the cursor tells the worker
// where the trail ends so that it can answer with the tail only.
import type { TrackCursor, TrackResult } from "../../../workers/contract/track";
import { binOf } from "./colorScale";

export interface TrailMeta {
  label: string;
  unit: string;
  min: number | null;
  max: number | null;
  toleranceDeg: number;
  sourcePoints: number;
  details: { path: string; label: string; unit: string }[];
}

/** A column of doubles that grows by doubling (appends are amortised O(1)). */
class Column {
  data: Float64Array;
  constructor(capacity: number) {
    this.data = new Float64Array(capacity);
  }
  ensure(capacity: number): void {
    if (capacity <= this.data.length) return;
    const next = new Float64Array(Math.max(capacity, this.data.length * 2));
    next.set(this.data);
    this.data = next;
  }
}

export class TrailPoints {
  length = 0;
  meta: TrailMeta | null = null;
  readonly time = new Column(1024);
  readonly lat = new Column(1024);
  readonly long = new Column(1024);
  readonly value = new Column(1024);
  details: Column[] = [];
  bins = new Uint8Array(1024);
  /** Projected pixel positions (world pixels at `zoom`), filled by `project`. */
  readonly x = new Column(1024);
  readonly y = new Column(1024);
  zoom = NaN;
  /** Bounds of the drawn points, for "fit track". */
  south = Infinity;
  north = -Infinity;
  west = Infinity;
  east = -Infinity;

  /** Replace (whole answer) or append (tail); returns the first new index. */
  take(result: TrackResult): number {
    const start = result.tail && this.meta ? this.length : 0;
    if (start === 0) this.clear();
    const n = start + result.time.length;
    for (const column of [this.time, this.lat, this.long, this.value, this.x, this.y])
      column.ensure(n);
    if (this.details.length !== result.details.length)
      this.details = result.details.map(() => new Column(Math.max(1024, n)));
    for (const column of this.details) column.ensure(n);
    if (this.bins.length < n) {
      const bins = new Uint8Array(Math.max(n, this.bins.length * 2));
      bins.set(this.bins);
      this.bins = bins;
    }
    this.time.data.set(result.time, start);
    this.lat.data.set(result.lat, start);
    this.long.data.set(result.long, start);
    this.value.data.set(result.value, start);
    result.details.forEach((d, k) => this.details[k]!.data.set(d.values, start));
    for (let i = start; i < n; i++) {
      this.bins[i] = binOf(this.value.data[i]!, result.min, result.max);
      const la = this.lat.data[i]!;
      const lo = this.long.data[i]!;
      if (Number.isNaN(la)) continue;
      if (la < this.south) this.south = la;
      if (la > this.north) this.north = la;
      if (lo < this.west) this.west = lo;
      if (lo > this.east) this.east = lo;
    }
    this.length = n;
    this.meta = {
      label: result.label,
      unit: result.unit,
      min: result.min,
      max: result.max,
      toleranceDeg: result.toleranceDeg,
      sourcePoints: result.sourcePoints,
      details: result.details.map(({ path, label, unit }) => ({ path, label, unit })),
    };
    return start;
  }

  clear(): void {
    this.length = 0;
    this.meta = null;
    this.south = this.west = Infinity;
    this.north = this.east = -Infinity;
  }

  /** Where the trail ends, for the next request; null = ask for the whole trail. */
  cursor(): TrackCursor | null {
    const last = this.length - 1;
    const meta = this.meta;
    if (last < 0 || !meta || Number.isNaN(this.lat.data[last]!)) return null;
    return {
      time: this.time.data[last]!,
      lat: this.lat.data[last]!,
      long: this.long.data[last]!,
      count: this.length,
      sourcePoints: meta.sourcePoints,
      toleranceDeg: meta.toleranceDeg,
      min: meta.min,
      max: meta.max,
    };
  }

  /** Projects points [from, length) with `project` (a map's latLng → world pixel at `zoom`). */
  project(from: number, zoom: number, project: (lat: number, long: number) => [number, number]) {
    if (zoom !== this.zoom) from = 0;
    this.zoom = zoom;
    const x = this.x.data;
    const y = this.y.data;
    for (let i = from; i < this.length; i++) {
      const la = this.lat.data[i]!;
      if (Number.isNaN(la)) {
        x[i] = y[i] = NaN;
        continue;
      }
      const p = project(la, this.long.data[i]!);
      x[i] = p[0];
      y[i] = p[1];
    }
  }

  /** The index of the point nearest world pixel (px, py) within maxPx; -1 if none. */
  nearest(px: number, py: number, maxPx: number): number {
    let best = -1;
    let bestD = maxPx * maxPx;
    const x = this.x.data;
    const y = this.y.data;
    for (let i = 0; i < this.length; i++) {
      const dx = x[i]! - px;
      const dy = y[i]! - py;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  }
}
