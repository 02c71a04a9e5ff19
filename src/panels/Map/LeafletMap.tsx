// The Map tab's Leaflet map (loaded lazily, so Leaflet is split out of the
// first bundle). No tile layer unless one is set in the settings: a plain
// background, a local grid and a scale bar, and no request leaves the machine.
import "leaflet/dist/leaflet.css";
import "./map.css";
import { Callout } from "@blueprintjs/core";
import L from "leaflet";
import { useCallback, useRef, useState } from "react";
import { MapContainer, ScaleControl, TileLayer } from "react-leaflet";
import { useSnapshot } from "valtio";
import type { TrackResult } from "../../../workers/contract";
import { DEFAULT_MAP_CENTER } from "../../../workers/sources/demo/trackCoords";
import { FinishLineDialog } from "../../shell/finishLine/FinishLineDialog";
import { useFieldCatalog } from "../common/useFieldCatalog";
import { MapLayers, type HoverInfo } from "./MapLayers";
import { mapSettings } from "./mapSettings";
import { MapToolbar } from "./MapToolbar";
import type { TrackLayer } from "./TrackLayer";
import { TrackLegend } from "./TrackLegend";

const timeText = (t: number) => new Date(t * 1000).toLocaleTimeString("en-US");

function fitTrack(map: L.Map | null, track: TrackResult | null): void {
  if (!map || !track || track.lat.length === 0) return;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (let i = 0; i < track.lat.length; i++) {
    const la = track.lat[i]!;
    const lo = track.long[i]!;
    if (Number.isNaN(la)) continue;
    south = Math.min(south, la);
    north = Math.max(north, la);
    west = Math.min(west, lo);
    east = Math.max(east, lo);
  }
  if (south > north) return;
  mapSettings.follow = false;
  map.fitBounds(
    [
      [south, west],
      [north, east],
    ],
    { padding: [24, 24], animate: false },
  );
}

export default function LeafletMap() {
  const { tileUrl, attribution } = useSnapshot(mapSettings);
  const catalog = useFieldCatalog();
  const [map, setMap] = useState<L.Map | null>(null);
  const [picking, setPicking] = useState(false);
  const [hover, setHover] = useState<HoverInfo | null>(null);
  const [track, setTrack] = useState<TrackResult | null>(null);
  const [moment, setMoment] = useState<number | null>(null);
  const [tileFailed, setTileFailed] = useState(false);
  const layerRef = useRef<TrackLayer | null>(null);
  const onTrack = useCallback((t: TrackResult | null, layer: TrackLayer | null) => {
    layerRef.current = layer;
    setTrack(t);
  }, []);
  const onPicked = useCallback(() => setPicking(false), []);

  return (
    <div className="helios-map-wrap">
      <MapToolbar
        catalog={catalog}
        picking={picking}
        onPick={() => setPicking((p) => !p)}
        onFit={() => fitTrack(map, track)}
      />
      {tileFailed && (
        <Callout compact icon="offline" data-testid="map-tile-notice">
          The tile server did not answer: the map is shown without tiles.
        </Callout>
      )}
      {moment !== null && (
        <Callout compact icon="timeline-line-chart" data-testid="map-moment">
          Plots moved to {timeText(moment)} (see the Plots tab).
        </Callout>
      )}
      <div className="helios-map-frame" data-testid="map">
        <MapContainer
          ref={setMap}
          center={[DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.long]}
          zoom={15}
          preferCanvas
          className={`helios-map${picking ? " helios-map-picking" : ""}`}
        >
          {tileUrl && (
            <TileLayer
              key={tileUrl}
              url={tileUrl}
              attribution={attribution}
              eventHandlers={{ tileerror: () => setTileFailed(true) }}
            />
          )}
          <ScaleControl position="bottomleft" />
          <MapLayers
            picking={picking}
            onPicked={onPicked}
            onHover={setHover}
            onTrack={onTrack}
            onMoment={setMoment}
          />
        </MapContainer>
        <TrackLegend track={track} />
        {hover && track && (
          <div
            className="helios-map-hover"
            data-testid="map-hover"
            style={{ left: hover.x + 14, top: hover.y + 14 }}
          >
            <div>{timeText(hover.time)}</div>
            <div>
              {track.label}: {Number.isFinite(hover.value) ? hover.value.toFixed(2) : "—"}{" "}
              {track.unit}
            </div>
          </div>
        )}
      </div>
      <FinishLineDialog />
    </div>
  );
}
