// The trail drawn on its own canvas layer. Leaflet's polylines re-project,
// re-clip and redraw every point on each change, so an hour of track would
// cost milliseconds per update; here a tail is projected and drawn on its own
// (a few segments), and the whole trail is drawn only when the view leaves the
// canvas (which covers the view with a margin, so following the car pans it
// for a while without a redraw), on zoom, and when a whole trail arrives.
import L from "leaflet";
import { RAMP } from "./colorScale";
import type { TrailPoints } from "./trailPoints";
import { strokeSegments } from "./trailStrokes";

/**
 * The canvas reaches this share of the view's size beyond each edge: wide
 * enough that following the car pans it for a minute or so between redraws,
 * small enough that the changed canvas is cheap to hand to the compositor.
 */
const MARGIN = 0.25;
const LINE_WIDTH = 4;
const HIGHLIGHT = { color: "#2d72d2", width: 10, alpha: 0.45 };

export class TrailCanvas extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  /** The canvas' top-left corner, in layer pixels. */
  private origin = L.point(0, 0);
  private size = L.point(0, 0);
  private highlight: { from: number; to: number } | null = null;

  constructor(private readonly points: TrailPoints) {
    super({ pane: "overlayPane" });
  }

  override onAdd(map: L.Map): this {
    const canvas = L.DomUtil.create("canvas", "helios-trail-canvas leaflet-zoom-hide");
    canvas.dataset.testid = "map-trail";
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.getPane()!.appendChild(canvas);
    this.redrawAll(map);
    return this;
  }

  override onRemove(): this {
    this.canvas?.remove();
    this.canvas = this.ctx = null;
    return this;
  }

  // The same functions on add and remove, so that Leaflet can take them off again.
  private readonly onMoveEnd = () => this.coverView();
  private readonly onViewChange = () => this.redrawAll();

  override getEvents(): Record<string, L.LeafletEventHandlerFn> {
    return {
      moveend: this.onMoveEnd,
      zoomend: this.onViewChange,
      viewreset: this.onViewChange,
      resize: this.onViewChange,
    };
  }

  setHighlight(window: { from: number; to: number } | null): void {
    const same = window?.from === this.highlight?.from && window?.to === this.highlight?.to;
    if (same) return;
    this.highlight = window;
    this.redrawAll();
  }

  /** Points from `start` on are new (0 = a whole new trail): project and draw them. */
  pointsAdded(start: number): void {
    const map = this._map as L.Map | undefined;
    if (!map || !this.ctx) return;
    const zoom = map.getZoom();
    if (start === 0 || zoom !== this.points.zoom || this.inHighlight(start)) {
      this.redrawAll(map);
      return;
    }
    this.project(map, start);
    this.drawSegments(Math.max(1, start), this.points.length);
  }

  /** World pixel of a container point (for hover), comparable with the points' x/y. */
  worldPixel(map: L.Map, containerPoint: L.Point): L.Point {
    return map.containerPointToLayerPoint(containerPoint).add(map.getPixelOrigin());
  }

  private inHighlight(start: number): boolean {
    const h = this.highlight;
    if (!h) return false;
    const time = this.points.time.data;
    for (let i = Math.max(0, start - 1); i < this.points.length; i++)
      if (time[i]! >= h.from && time[i]! <= h.to) return true;
    return false;
  }

  private project(map: L.Map, from: number): void {
    const zoom = map.getZoom();
    this.points.project(from, zoom, (lat, long) => {
      const p = map.project([lat, long], zoom);
      return [p.x, p.y];
    });
  }

  /** Pan without a redraw while the view stays on the canvas. */
  private coverView(): void {
    const map = this._map as L.Map | undefined;
    if (!map) return;
    const topLeft = map.containerPointToLayerPoint([0, 0]);
    const bottomRight = topLeft.add(map.getSize());
    const o = this.origin;
    const inside =
      topLeft.x >= o.x &&
      topLeft.y >= o.y &&
      bottomRight.x <= o.x + this.size.x &&
      bottomRight.y <= o.y + this.size.y;
    if (!inside) this.redrawAll(map);
  }

  redrawAll(map = this._map as L.Map | undefined): void {
    const canvas = this.canvas;
    const ctx = this.ctx;
    if (!map || !canvas || !ctx) return;
    const view = map.getSize();
    const margin = view.multiplyBy(MARGIN).round();
    this.origin = map.containerPointToLayerPoint(margin.multiplyBy(-1)).round();
    this.size = view.add(margin.multiplyBy(2));
    const ratio = window.devicePixelRatio || 1;
    L.DomUtil.setPosition(canvas, this.origin);
    canvas.width = Math.round(this.size.x * ratio);
    canvas.height = Math.round(this.size.y * ratio);
    canvas.style.width = `${this.size.x}px`;
    canvas.style.height = `${this.size.y}px`;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.project(map, 0);
    const n = this.points.length;
    if (this.highlight) this.drawHighlight(this.highlight);
    this.drawSegments(1, n);
  }

  /** Segment i joins point i-1 to point i, in point i's colour; the newest on top (trailStrokes.ts). */
  private drawSegments(from: number, to: number): void {
    const ctx = this.ctx!;
    const ox = this.origin.x + (this._map as L.Map).getPixelOrigin().x;
    const oy = this.origin.y + (this._map as L.Map).getPixelOrigin().y;
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.globalAlpha = 0.9;
    strokeSegments(ctx, this.pointsView(), from, to, RAMP, ox, oy);
    ctx.globalAlpha = 1;
  }

  private drawHighlight(window: { from: number; to: number }): void {
    const ctx = this.ctx!;
    const { x, y } = this.pointsView();
    const time = this.points.time.data;
    const origin = (this._map as L.Map).getPixelOrigin().add(this.origin);
    ctx.beginPath();
    let open = false;
    for (let i = 0; i < this.points.length; i++) {
      const inside = time[i]! >= window.from && time[i]! <= window.to && !Number.isNaN(x[i]!);
      if (!inside) {
        open = false;
        continue;
      }
      if (open) ctx.lineTo(x[i]! - origin.x, y[i]! - origin.y);
      else ctx.moveTo(x[i]! - origin.x, y[i]! - origin.y);
      open = true;
    }
    ctx.strokeStyle = HIGHLIGHT.color;
    ctx.lineWidth = HIGHLIGHT.width;
    ctx.globalAlpha = HIGHLIGHT.alpha;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  private pointsView() {
    return { x: this.points.x.data, y: this.points.y.data, bins: this.points.bins };
  }
}
