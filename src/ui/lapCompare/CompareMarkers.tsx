// Where each compared lap's car was at the compare cursor's distance: one
// dot per lap in its plot colour, on whichever map shows it (the compare
// view's and the Map tab's). Drawn imperatively, like the other map layers;
// the positions come with the worker's answer (lat/long on the grid).
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { subscribe } from "valtio";
import { appState } from "../../state/appState";
import { lapCompare } from "../../state/lapCompare";
import { seriesColor } from "../plotPalette";
import "./compareMarkers.css";

export function CompareMarkers() {
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    let markers: L.Marker[] = [];
    let drawnFor: unknown = null;
    // DOM markers, not canvas circles: the maps draw vectors on a canvas
    // (preferCanvas), where a dot could not carry its lap's name on hover.
    const dot = (colour: string, label: string) =>
      L.divIcon({
        className: "helios-compare-marker",
        html: `<div class="helios-compare-dot" style="background:${colour}" title="${label.replace(/[<>&"]/g, "")}"></div>`,
        iconSize: [14, 14],
        iconAnchor: [7, 7],
      });
    const show = () => {
      const result = lapCompare.result;
      const k = lapCompare.cursor;
      if (!result?.ok || k === null) {
        group.clearLayers();
        markers = [];
        drawnFor = null;
        return;
      }
      if (drawnFor !== result) {
        group.clearLayers();
        markers = result.laps.map((lap, i) =>
          L.marker([0, 0], {
            icon: dot(seriesColor(appState.resolvedTheme, i), lap.label),
            interactive: false,
            keyboard: false,
          }),
        );
        drawnFor = result;
      }
      result.laps.forEach((lap, i) => {
        const lat = lap.lat[k];
        const long = lap.long[k];
        const marker = markers[i]!;
        if (
          lat === undefined ||
          long === undefined ||
          !Number.isFinite(lat) ||
          !Number.isFinite(long)
        )
          marker.remove();
        else marker.setLatLng([lat, long]).addTo(group);
      });
    };
    show();
    const off = subscribe(lapCompare, show);
    return () => {
      off();
      group.remove();
    };
  }, [map]);
  return null;
}
