// The trail on the Leaflet map: one canvas polyline per colour of the ramp
// (runs of points in the same colour bin, sharing their end points so the line
// is unbroken), a highlight for the selected lap, and lap-end marks. `update`
// is the main thread's whole cost of a new track, so it is timed.
import L from "leaflet";
import type { TrackResult } from "../../../workers/contract";
import { RAMP, binOf } from "./colorScale";

export class TrackLayer {
  readonly group = L.layerGroup();
  private readonly lines: L.Polyline[];
  private readonly highlight: L.Polyline;
  private readonly marks = L.layerGroup();
  private track: TrackResult | null = null;
  /** Main-thread ms of the last updates (newest last), for the benchmark and diagnostics. */
  readonly updateMs: number[] = [];

  constructor(renderer: L.Renderer) {
    this.lines = RAMP.map((color) =>
      L.polyline([], { color, weight: 4, opacity: 0.9, renderer, interactive: false }),
    );
    this.highlight = L.polyline([], {
      color: "#2d72d2",
      weight: 9,
      opacity: 0.45,
      renderer,
      interactive: false,
    });
    this.highlight.addTo(this.group);
    for (const line of this.lines) line.addTo(this.group);
    this.marks.addTo(this.group);
  }

  get current(): TrackResult | null {
    return this.track;
  }

  update(track: TrackResult, highlight: { from: number; to: number } | null): void {
    const started = performance.now();
    this.track = track;
    const runs: L.LatLngExpression[][][] = RAMP.map(() => []);
    const { lat, long, value, time } = track;
    let run: L.LatLngExpression[] | null = null;
    let runBin = -1;
    const lit: L.LatLngExpression[][] = [];
    let litRun: L.LatLngExpression[] | null = null;
    for (let i = 0; i < lat.length; i++) {
      const la = lat[i]!;
      if (Number.isNaN(la)) {
        run = litRun = null; // a break in the trail (GPS jump)
        continue;
      }
      const point: L.LatLngTuple = [la, long[i]!];
      const bin = binOf(value[i]!, track.min, track.max);
      if (run && bin !== runBin) {
        run.push(point); // close the previous colour's run at this point
        run = null;
      }
      if (!run) {
        run = [point];
        runs[bin]!.push(run);
        runBin = bin;
      } else run.push(point);
      const t = time[i]!;
      if (highlight && t >= highlight.from && t <= highlight.to) {
        if (!litRun) lit.push((litRun = []));
        litRun.push(point);
      } else litRun = null;
    }
    for (let b = 0; b < RAMP.length; b++) this.lines[b]!.setLatLngs(runs[b]!);
    this.highlight.setLatLngs(lit);
    this.updateMarks(track);
    const ms = performance.now() - started;
    this.updateMs.push(ms);
    // The map benchmark installs this array to read every update's cost.
    (globalThis as { __heliosMapUpdates?: number[] }).__heliosMapUpdates?.push(ms);
    if (this.updateMs.length > 500) this.updateMs.shift();
  }

  /** The index of the drawn point nearest a container pixel, within `maxPx`; -1 if none. */
  nearest(map: L.Map, at: L.Point, maxPx: number): number {
    const track = this.track;
    if (!track) return -1;
    let best = -1;
    let bestD = maxPx * maxPx;
    for (let i = 0; i < track.lat.length; i++) {
      if (Number.isNaN(track.lat[i]!)) continue;
      const p = map.latLngToContainerPoint([track.lat[i]!, track.long[i]!]);
      const d = (p.x - at.x) ** 2 + (p.y - at.y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  }

  private lastMarks = "";

  private updateMarks(track: TrackResult): void {
    const key = track.lapMarks.map((m) => m.time).join(",");
    if (key === this.lastMarks) return;
    this.lastMarks = key;
    this.marks.clearLayers();
    for (const mark of track.lapMarks) {
      L.circleMarker([mark.lat, mark.long], {
        radius: 5,
        color: "#1c2127",
        weight: 2,
        fillColor: "#ffffff",
        fillOpacity: 1,
      })
        .bindTooltip(
          `Lap ${mark.lap} ended ${new Date(mark.time * 1000).toLocaleTimeString("en-US")}`,
        )
        .addTo(this.marks);
    }
  }
}
