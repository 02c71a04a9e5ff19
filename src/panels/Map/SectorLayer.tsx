// The sector lines on the map: a named marker at each line (draggable, and in
// Sectors mode a click on the map adds one), and the track coloured by sector
// (each sector's stretch of one lap its own colour, from the worker's lap
// table). Drawn imperatively, like the other map layers.
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { subscribe } from "valtio";
import { lapAnalysisState } from "../../state/lapAnalysis";
import {
  addSectorLine,
  moveSectorLine,
  sectorEditing,
  sectorLinesState,
} from "../../state/sectorLines";

/** One colour per sector (9 at most), distinct on light and dark backgrounds. */
const SECTOR_COLOURS = [
  "#e6194b",
  "#3cb44b",
  "#4363d8",
  "#f58231",
  "#911eb4",
  "#42d4f4",
  "#f032e6",
  "#bfef45",
  "#9a6324",
];

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

function lineIcon(name: string): L.DivIcon {
  return L.divIcon({
    className: "helios-sector-marker",
    html: `<div class="helios-sector-pin" data-testid="map-sector-line" title="${escape(name)}"><span>${escape(name)}</span></div>`,
    iconSize: [14, 14],
    iconAnchor: [7, 7],
  });
}

export function SectorLayer() {
  const map = useMap();
  useEffect(() => {
    // SVG, not the map's canvas: a few long lines, and each one an element
    // (a test can find it; the canvas trail stays one bitmap).
    const renderer = L.svg({ padding: 0.5 });
    const markers = L.layerGroup().addTo(map);
    const stretches = L.layerGroup().addTo(map);
    const drawMarkers = () => {
      markers.clearLayers();
      sectorLinesState.lines.forEach((line, index) => {
        const marker = L.marker([line.lat, line.long], {
          icon: lineIcon(line.name),
          draggable: true,
          keyboard: false,
        });
        marker.on("dragend", () => {
          const at = marker.getLatLng();
          moveSectorLine(index, at.lat, at.lng);
        });
        markers.addLayer(marker);
      });
    };
    const drawStretches = () => {
      stretches.clearLayers();
      const track = lapAnalysisState.table?.sectorTrack ?? [];
      track.forEach((stretch, k) => {
        const points = stretch.lat.map((lat, i) => [lat, stretch.long[i]!] as [number, number]);
        stretches.addLayer(
          L.polyline(points, {
            color: SECTOR_COLOURS[k % SECTOR_COLOURS.length],
            weight: 7,
            opacity: 0.55,
            interactive: false,
            renderer,
            className: "helios-sector-stretch",
          }),
        );
      });
    };
    const click = (event: L.LeafletMouseEvent) => {
      // At the limit, the list beside the map says so (sectorEditing.full).
      if (sectorEditing.on) addSectorLine(event.latlng.lat, event.latlng.lng);
    };
    drawMarkers();
    drawStretches();
    const offLines = subscribe(sectorLinesState, drawMarkers);
    const offTable = subscribe(lapAnalysisState, drawStretches);
    const editing = () =>
      map.getContainer().classList.toggle("helios-map-sectors", sectorEditing.on);
    editing();
    const offEditing = subscribe(sectorEditing, editing);
    map.on("click", click);
    return () => {
      offLines();
      offTable();
      offEditing();
      map.off("click", click);
      markers.remove();
      stretches.remove();
    };
  }, [map]);
  return null;
}
