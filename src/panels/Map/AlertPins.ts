// Pins where the shown history's alerts started (the worker places them:
// TrackResult.alertPins), coloured by severity, each with its message and
// time in a tooltip. Drawn as HTML markers: they need no map tiles. A switch
// of the zone times are shown in draws them again with the next update.
import L from "leaflet";
import type { AlertPin } from "../../../workers/contract/track";
import { formatTimeNamed, shownTimeZone } from "../../ui/format/dateTime";
import { SEVERITY_WORDS, severityFillClass } from "../../ui/alertLevel";

const GLYPH = { critical: "!", warning: "!", info: "i" } as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class AlertPins {
  readonly group = L.layerGroup();
  private readonly markers = new Map<number, L.Marker>();
  /** The zone the pins' times were written in. */
  private zone = shownTimeZone();

  /** Shows exactly `pins` (by seq: a pin already on the map stays as it is, unless the zone changed). */
  update(pins: readonly AlertPin[]): void {
    const zone = shownTimeZone();
    const keep = zone === this.zone ? new Set(pins.map((pin) => pin.seq)) : new Set<number>();
    this.zone = zone;
    for (const [seq, marker] of this.markers)
      if (!keep.has(seq)) {
        marker.remove();
        this.markers.delete(seq);
      }
    for (const pin of pins) if (!this.markers.has(pin.seq)) this.add(pin);
  }

  private add(pin: AlertPin): void {
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
    const marker = L.marker([pin.lat, pin.long], { icon, keyboard: false, riseOnHover: true })
      .bindTooltip(`${pin.message} · ${formatTimeNamed(pin.time)}`, { direction: "top" })
      .addTo(this.group);
    this.markers.set(pin.seq, marker);
  }
}
