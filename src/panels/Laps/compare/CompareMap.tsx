// The compare view's map: each compared lap's line in its plot colour and,
// at the cursor's distance, every lap's car (CompareMarkers). No tiles unless
// the Map tab has a tile server set; the lines need none.
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect } from "react";
import { MapContainer, ScaleControl, TileLayer, useMap } from "react-leaflet";
import { useSnapshot } from "valtio";
import { mapSettings } from "../../../state/mapSettings";
import { seriesColor, type PlotTheme } from "../../../ui/plotPalette";
import { CompareMarkers } from "../../../ui/lapCompare/CompareMarkers";
import type { Compared } from "./compareChart";

function LapLines({ result, theme }: { result: Compared; theme: PlotTheme }) {
  const map = useMap();
  useEffect(() => {
    const group = L.featureGroup();
    result.laps.forEach((lap, i) => {
      const points: L.LatLngExpression[] = [];
      for (let k = 0; k < lap.lat.length; k++)
        if (Number.isFinite(lap.lat[k]!)) points.push([lap.lat[k]!, lap.long[k]!]);
      L.polyline(points, { color: seriesColor(theme, i), weight: 2, opacity: 0.8 }).addTo(group);
    });
    group.addTo(map);
    const bounds = group.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [12, 12], animate: false });
    return () => void group.remove();
  }, [map, result, theme]);
  return null;
}

export function CompareMap({ result, theme }: { result: Compared; theme: PlotTheme }) {
  const { tileUrl, attribution } = useSnapshot(mapSettings);
  const first = result.laps[0]!;
  return (
    <div className="helios-compare-map" data-testid="compare-map">
      <MapContainer
        center={[first.lat[0] ?? 0, first.long[0] ?? 0]}
        zoom={15}
        preferCanvas
        className="helios-compare-leaflet"
      >
        {tileUrl && <TileLayer key={tileUrl} url={tileUrl} attribution={attribution} />}
        <ScaleControl position="bottomleft" />
        <LapLines result={result} theme={theme} />
        <CompareMarkers />
      </MapContainer>
    </div>
  );
}
