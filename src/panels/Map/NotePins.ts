// Pins where the shown history's notes were made (the worker places them:
// TrackResult.notePins), in the note's colour, its text and time in a
// tooltip. Few next to alerts, so not clustered. HTML markers: no tiles needed.
import L from "leaflet";
import type { NotePin } from "../../../workers/contract/track";
import { formatTimeNamed } from "../../ui/format/dateTime";
import { NOTE_COLOUR_LOOK } from "../../ui/noteColours";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class NotePins {
  readonly group = L.layerGroup();
  /** The markers shown, by what they show (a changed note is drawn again). */
  private readonly markers = new Map<string, L.Marker>();

  /** Shows exactly `pins`. */
  update(pins: readonly NotePin[]): void {
    const wanted = new Map(pins.map((pin) => [keyOf(pin), pin]));
    for (const [key, marker] of this.markers)
      if (!wanted.has(key)) {
        marker.remove();
        this.markers.delete(key);
      }
    for (const [key, pin] of wanted)
      if (!this.markers.has(key)) {
        const marker = create(pin);
        marker.addTo(this.group);
        this.markers.set(key, marker);
      }
  }
}

function keyOf(pin: NotePin): string {
  return `${pin.id}\u0000${pin.time}\u0000${pin.colour}\u0000${pin.text}\u0000${pin.lat},${pin.long}`;
}

function create(pin: NotePin): L.Marker {
  const text = `Note ${formatTimeNamed(pin.time)}: ${pin.text}`;
  const icon = L.divIcon({
    className: "helios-note-pin-marker",
    html:
      `<div class="helios-note-pin" data-testid="map-note-pin" role="img" aria-label="${escapeHtml(text)}"` +
      ` style="background:${NOTE_COLOUR_LOOK[pin.colour]?.swatch ?? "#2d72d2"}"></div>`,
    iconSize: [14, 14],
    iconAnchor: [7, 14],
  });
  return L.marker([pin.lat, pin.long], { icon, keyboard: false }).bindTooltip(escapeHtml(text), {
    direction: "top",
    offset: [0, -14],
  });
}
