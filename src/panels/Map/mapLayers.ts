// Leaflet pieces drawn on the machine itself: a plain grid (no tile server),
// the car marker (an arrow rotated by the heading) and the finish line.
import L from "leaflet";

/** A grid drawn into local canvas tiles: orientation without any request. */
export function createGridLayer(): L.GridLayer {
  const Grid = L.GridLayer.extend({
    createTile(coords: L.Coords) {
      const size = (this as L.GridLayer).getTileSize();
      const tile = document.createElement("canvas");
      tile.width = size.x;
      tile.height = size.y;
      const ctx = tile.getContext("2d");
      if (ctx) {
        ctx.strokeStyle = "rgba(128, 128, 128, 0.25)";
        ctx.lineWidth = 1;
        ctx.strokeRect(0.5, 0.5, size.x, size.y);
        ctx.strokeStyle = "rgba(128, 128, 128, 0.1)";
        ctx.beginPath();
        ctx.moveTo(size.x / 2, 0);
        ctx.lineTo(size.x / 2, size.y);
        ctx.moveTo(0, size.y / 2);
        ctx.lineTo(size.x, size.y / 2);
        ctx.stroke();
      }
      void coords;
      return tile;
    },
  });
  return new (Grid as unknown as new (options: L.GridLayerOptions) => L.GridLayer)({
    pane: "tilePane",
    zIndex: 0,
  });
}

const ARROW =
  '<svg viewBox="-12 -12 24 24" width="28" height="28" aria-hidden="true">' +
  '<circle r="11" fill="#fff" fill-opacity="0.85" stroke="#1c2127" stroke-width="1.5"/>' +
  '<path d="M0,-9 L6,7 L0,3 L-6,7 Z" fill="#d9822b" stroke="#1c2127" stroke-width="1"/></svg>';

export function carIcon(): L.DivIcon {
  return L.divIcon({
    className: "helios-car-marker",
    html: `<div class="helios-car-arrow" data-testid="map-car">${ARROW}</div>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}

/** Turn the marker's arrow to the heading (degrees clockwise from north; null = unknown). */
export function setCarHeading(marker: L.Marker, headingDeg: number | null): void {
  const arrow = marker.getElement()?.querySelector<HTMLElement>(".helios-car-arrow");
  if (!arrow) return;
  arrow.style.transform = `rotate(${headingDeg ?? 0}deg)`;
  arrow.dataset.heading = headingDeg === null ? "" : headingDeg.toFixed(1);
}

// A chequered flag on a pole, drawn here: an emoji flag needs a colour-emoji
// font, which a kiosk or headless browser may not have (it showed as a box).
// The pole and the cloth's edge take their colour from map.css, which makes
// them light on the dark theme's map (dark on dark, the pole vanished).
const FLAG =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">' +
  '<path class="helios-flag-pole" d="M4 2 V23" stroke-width="2" stroke-linecap="round"/>' +
  '<rect class="helios-flag-cloth" x="5" y="3" width="15" height="10" fill="#fff" stroke-width="1"/>' +
  '<path d="M5 3h5v5H5zM15 3h5v5h-5zM10 8h5v5h-5z" fill="#1c2127"/></svg>';

export function finishIcon(): L.DivIcon {
  return L.divIcon({
    className: "helios-finish-marker",
    html: `<div class="helios-finish-flag" data-testid="map-finish" title="Finish line">${FLAG}</div>`,
    iconSize: [24, 24],
    iconAnchor: [4, 23],
  });
}
