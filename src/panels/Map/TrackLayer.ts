// The trail on the Leaflet map: the points (trailPoints.ts) drawn on their own
// canvas (TrailCanvas.ts), the selected lap's highlight, lap-end marks and
// the pins where alerts started (AlertPins.ts).
// `update` is the main thread's whole cost of a worker answer (taking the
// columns, projecting and drawing the new points, the legend's text), so it
// is timed; React is not involved unless the legend's range or field changed.
import L from "leaflet";
import type { TrackResult } from "../../../workers/contract/track";
import { TrailCanvas } from "./TrailCanvas";
import { TrailPoints, type TrailMeta } from "./trailPoints";
import { formatTimeNamed, shownTimeZone } from "../../ui/format/dateTime";
import { AlertPins } from "./AlertPins";
import { NotePins } from "./NotePins";
import type { AlertPinFilter } from "./alertPinFilter";

export interface TrackHover {
  time: number;
  /** The colour field's value, then the hover fields' (same order as meta.details). */
  value: number;
  details: number[];
}

/** What the legend and the hover labels show: a change re-renders them. */
const legendKey = (m: TrailMeta) =>
  [m.label, m.unit, m.min, m.max, ...m.details.map((d) => `${d.label} ${d.unit}`)].join("|");

export class TrackLayer {
  readonly group = L.layerGroup();
  readonly points = new TrailPoints();
  private readonly canvas = new TrailCanvas(this.points);
  private readonly marks = L.layerGroup();
  private lastMarks = "";
  /** Where the alerts started. */
  private readonly pins = new AlertPins();
  /** Where the notes were made. */
  private readonly notes = new NotePins();
  /** Main-thread ms of the last updates (newest last), for the benchmark and diagnostics. */
  readonly updateMs: number[] = [];
  /** Told when what the legend shows changed (field, unit, range), not per update. */
  onLegend: (meta: TrailMeta | null) => void = () => {};
  /**
   * Told after every update: "N of M points drawn" is written straight into
   * the DOM, with the oldest point's time (epoch s; NaN when none).
   */
  onDrawn: (drawn: number, source: number, oldest: number) => void = () => {};
  /** Told when a cluster of alert pins is opened (the map then zooms there). */
  onPinsOpened: () => void = () => {};

  constructor() {
    this.canvas.addTo(this.group);
    this.marks.addTo(this.group);
    this.pins.group.addTo(this.group);
    this.notes.group.addTo(this.group);
    this.pins.onOpen = () => this.onPinsOpened();
  }

  update(track: TrackResult): void {
    const started = performance.now();
    const before = this.points.meta;
    const start = this.points.take(track);
    this.canvas.pointsAdded(start);
    this.updateMarks(track);
    this.pins.update(track.alertPins ?? []);
    this.notes.update(track.notePins ?? []);
    const meta = this.points.meta!;
    if (!before || legendKey(before) !== legendKey(meta)) this.onLegend(meta);
    const oldest = this.points.length > 0 ? this.points.time.data[0]! : NaN;
    this.onDrawn(this.points.length, meta.sourcePoints, oldest);
    const ms = performance.now() - started;
    this.updateMs.push(ms);
    if (this.updateMs.length > 500) this.updateMs.shift();
    // The map benchmark installs this array to read every update's cost.
    (globalThis as { __heliosMapUpdates?: number[] }).__heliosMapUpdates?.push(ms);
  }

  /** Which alert pins are shown (the toolbar's switch and severity filter). */
  setPinFilter(filter: AlertPinFilter): void {
    this.pins.setFilter(filter);
  }

  setHighlight(window: { from: number; to: number } | null): void {
    this.canvas.setHighlight(window);
  }

  /** What the trail shows near a container pixel (within `maxPx`), or null. */
  hoverAt(map: L.Map, at: L.Point, maxPx: number): TrackHover | null {
    if (map.getZoom() !== this.points.zoom) return null;
    const world = this.canvas.worldPixel(map, at);
    const i = this.points.nearest(world.x, world.y, maxPx);
    if (i < 0) return null;
    return {
      time: this.points.time.data[i]!,
      value: this.points.value.data[i]!,
      details: this.points.details.map((column) => column.data[i]!),
    };
  }

  private updateMarks(track: TrackResult): void {
    // Their tooltips' times are in the zone times are shown in: a new zone, new tooltips.
    const key = `${shownTimeZone()} ${track.lapMarks.map((m) => m.time).join(",")}`;
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
        .bindTooltip(`Lap ${mark.lap} ended ${formatTimeNamed(mark.time)}`)
        .addTo(this.marks);
    }
  }
}
