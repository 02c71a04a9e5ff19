// Pins where the shown history's alerts started (the worker places them:
// TrackResult.alertPins), coloured by severity, each with its message and
// time in a tooltip. Drawn as HTML markers: they need no map tiles.
import L from "leaflet";
import type { AlertPin } from "../../../workers/contract/track";
import { formatTime } from "../../ui/format/dateTime";
import { SEVERITY_WORDS, severityFillClass } from "../../ui/alertLevel";

const GLYPH = { critical: "!", warning: "!", info: "i" } as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class AlertPins {
  readonly group = L.layerGroup();
  private readonly markers = new Map<number, L.Marker>();

  /** Shows exactly `pins` (by seq: a pin already on the map stays as it is). */
  update(pins: readonly AlertPin[]): void {
    const keep = new Set(pins.map((pin) => pin.seq));
    for (const [seq, marker] of this.markers)
      if (!keep.has(seq)) {
        marker.remove();
        this.markers.delete(seq);
      }
    for (const pin of pins) if (!this.markers.has(pin.seq)) this.add(pin);
  }

  private add(pin: AlertPin): void {
    const text = `${SEVERITY_WORDS[pin.severity]}: ${pin.message}, ${formatTime(pin.time)}`;
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
      .bindTooltip(`${pin.message} · ${formatTime(pin.time)}`, { direction: "top" })
      .addTo(this.group);
    this.markers.set(pin.seq, marker);
  }
}
