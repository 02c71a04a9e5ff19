// Pins where the shown history's alerts started (the worker places them:
// TrackResult.alertPins), coloured by severity, each with its message and
// time in a tooltip. Pins near each other on screen are clustered
// (leaflet.markercluster): a badge with their count, coloured by the worst
// severity among them; clicking it zooms in, or at the closest zoom spreads
// them out. A day's 84 pins no longer cover the track. Drawn as HTML markers:
// they need no map tiles.
//
// One pin per episode, not per alert (AlertEntry.group): an alert that
// stopped and started again a few minutes later started each time at another
// place on the track, and the map answers "where did it happen"; the
// clusters keep the repeats from covering the track.
// A switch of the zone times are shown in draws them again with the next update.
import L from "leaflet";
import "leaflet.markercluster";
import "leaflet.markercluster/dist/MarkerCluster.css";
import type { AlertSeverity } from "../../../workers/contract/alerts";
import type { AlertPin } from "../../../workers/contract/track";
import { formatTimeNamed, shownTimeZone } from "../../ui/format/dateTime";
import { SEVERITY_WORDS, severityFillClass } from "../../ui/alertLevel";
import { clusterSummary, pinShown, type AlertPinFilter } from "./alertPinFilter";

const GLYPH = { critical: "!", warning: "!", info: "i" } as const;
/** Pins closer than this (screen px) share a cluster. */
const CLUSTER_RADIUS_PX = 50;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class AlertPins {
  /** Every pin of the answer, by seq, shown or not. */
  private readonly markers = new Map<number, L.Marker>();
  private readonly severityOf = new WeakMap<L.Marker, AlertSeverity>();
  private filter: AlertPinFilter = { show: true, severities: ["critical", "warning", "info"] };
  readonly group: L.MarkerClusterGroup = L.markerClusterGroup({
    maxClusterRadius: CLUSTER_RADIUS_PX,
    // The outline of a cluster's pins would hide the trail under it.
    showCoverageOnHover: false,
    iconCreateFunction: (cluster) => this.clusterIcon(cluster),
  });

  /** Told when a cluster is opened (clicked, or Enter on it: it zooms in or spreads out). */
  onOpen: () => void = () => {};

  /** The zone the pins' times were written in. */
  private zone = shownTimeZone();

  constructor() {
    this.group.on("clusterclick clusterkeypress", (event) => {
      const key = (event as L.LeafletKeyboardEvent).originalEvent;
      if (event.type === "clusterkeypress" && key?.key !== "Enter") return;
      this.onOpen();
    });
  }

  /** Shows exactly `pins` (by seq: a pin already on the map stays as it is, unless the zone changed). */
  update(pins: readonly AlertPin[]): void {
    const zone = shownTimeZone();
    const keep = zone === this.zone ? new Set(pins.map((pin) => pin.seq)) : new Set<number>();
    this.zone = zone;
    const gone: L.Marker[] = [];
    for (const [seq, marker] of this.markers)
      if (!keep.has(seq)) {
        gone.push(marker);
        this.markers.delete(seq);
      }
    const added: L.Marker[] = [];
    for (const pin of pins)
      if (!this.markers.has(pin.seq)) {
        const marker = this.create(pin);
        this.markers.set(pin.seq, marker);
        if (pinShown(pin.severity, this.filter)) added.push(marker);
      }
    // In batches: the clusters are worked out once, not per pin.
    if (gone.length) this.group.removeLayers(gone);
    if (added.length) this.group.addLayers(added);
  }

  /** Shows only the pins `filter` lets through (the toolbar's switch and severities). */
  setFilter(filter: AlertPinFilter): void {
    this.filter = { show: filter.show, severities: [...filter.severities] };
    const hide: L.Marker[] = [];
    const show: L.Marker[] = [];
    for (const marker of this.markers.values()) {
      const wanted = pinShown(this.severityOf.get(marker)!, this.filter);
      if (wanted !== this.group.hasLayer(marker)) (wanted ? show : hide).push(marker);
    }
    if (hide.length) this.group.removeLayers(hide);
    if (show.length) this.group.addLayers(show);
  }

  private create(pin: AlertPin): L.Marker {
    const text = `${SEVERITY_WORDS[pin.severity]}: ${pin.message}, ${formatTimeNamed(pin.time)}`;
    const icon = L.divIcon({
      className: "helios-alert-pin-marker",
      html:
        `<div class="helios-alert-pin ${severityFillClass(pin.severity)}" data-testid="map-alert-pin"` +
        ` data-severity="${pin.severity}" role="img" aria-label="${escapeHtml(text)}">` +
        `<span>${GLYPH[pin.severity]}</span></div>`,
      iconSize: [18, 18],
      iconAnchor: [9, 18],
    });
    const marker = L.marker([pin.lat, pin.long], {
      icon,
      keyboard: false,
      riseOnHover: true,
    }).bindTooltip(`${pin.message} · ${formatTimeNamed(pin.time)}`, { direction: "top" });
    this.severityOf.set(marker, pin.severity);
    return marker;
  }

  /** A round badge with the cluster's count in its worst severity's colour. */
  private clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
    const severities = cluster.getAllChildMarkers().map((m) => this.severityOf.get(m)!);
    const summary = clusterSummary(severities.filter(Boolean))!;
    // The marker itself is the focusable button (Enter = click); its name is this label.
    return L.divIcon({
      className: "helios-alert-cluster-marker",
      html:
        `<div class="helios-alert-cluster ${severityFillClass(summary.worst)}"` +
        ` data-testid="map-alert-cluster" data-severity="${summary.worst}"` +
        ` data-count="${summary.count}" role="img" aria-label="${escapeHtml(summary.text)}"` +
        ` title="${escapeHtml(summary.text)}">${summary.count}</div>`,
      iconSize: [30, 30],
      iconAnchor: [15, 15],
    });
  }
}
