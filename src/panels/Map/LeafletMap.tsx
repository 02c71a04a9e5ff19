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
import { FinishLineDialog } from "../../ui/finishLine/FinishLineDialog";
import { useFieldCatalog } from "../../ui/useFieldCatalog";
import { FocusMarker } from "./FocusMarker";
import { CompareMarkers } from "../../ui/lapCompare/CompareMarkers";
import { MapLayers, type HoverInfo } from "./MapLayers";
import { mapSettings } from "../../state/mapSettings";
import { MapToolbar } from "./MapToolbar";
import { SectorLayer } from "./SectorLayer";
import { SectorList } from "./SectorList";
import type { TrackLayer } from "./TrackLayer";
import { TrackHoverCard } from "./TrackHoverCard";
import { pointsText, TrackLegend } from "./TrackLegend";
import type { TrailMeta } from "./trailPoints";
import { formatTimeNamed } from "../../ui/format/dateTime";
import { useShownZone } from "../../ui/useShownZone";
import { DEFAULT_PLACE, useMapPlace } from "./useMapPlace";

/**
 * The closest zoom (about 0.1 m a pixel). The alert pins' clusters need the
 * map to have one: without tiles nothing else sets it. Tile servers draw to
 * about 18; past it their tiles are enlarged.
 */
const MAX_ZOOM = 20;
const TILES_MAX_ZOOM = 18;

function fitTrack(map: L.Map | null, layer: TrackLayer | null): void {
  const points = layer?.points;
  if (!map || !points || points.south > points.north) return;
  mapSettings.follow = false;
  map.fitBounds(
    [
      [points.south, points.west],
      [points.north, points.east],
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
  const [layer, setLayer] = useState<TrackLayer | null>(null);
  const [legend, setLegend] = useState<TrailMeta | null>(null);
  const [moment, setMoment] = useState<number | null>(null);
  useShownZone(); // the moment's time is in it: drawn again when it changes
  // The tile URL that failed: one quiet notice, gone when another URL is set.
  const [failedTiles, setFailedTiles] = useState<string | null>(null);
  const pointsRef = useRef<HTMLDivElement>(null);
  useMapPlace(map);
  // Where the window's map looked last, else the track's default place (read once: the map moves itself).
  const [start] = useState(() => mapSettings.place ?? DEFAULT_PLACE);
  const onLayer = useCallback((next: TrackLayer | null) => {
    setLayer(next);
    if (!next) return;
    next.onLegend = setLegend;
    next.onDrawn = (drawn, source, oldest) => {
      const element = pointsRef.current;
      if (!element) return;
      // How far back the trail reaches (a whole day's track starts in the morning).
      const from = String(oldest);
      if (element.dataset.from !== from) element.dataset.from = from;
      const text = pointsText(drawn, source);
      // Change the existing text node's data: cheaper than replacing the node.
      const node = element.firstChild;
      if (node instanceof Text) {
        if (node.data !== text) node.data = text;
      } else element.textContent = text;
    };
  }, []);
  const onPicked = useCallback(() => setPicking(false), []);

  return (
    <div className="helios-map-wrap">
      <MapToolbar
        catalog={catalog}
        picking={picking}
        onPick={() => setPicking((p) => !p)}
        onFit={() => fitTrack(map, layer)}
      />
      {tileUrl && failedTiles === tileUrl && (
        <Callout compact icon="offline" data-testid="map-tile-notice">
          The tile server did not answer: the map is shown without tiles.
        </Callout>
      )}
      {moment !== null && (
        <Callout compact icon="timeline-line-chart" data-testid="map-moment">
          Plots moved to {formatTimeNamed(moment)} (see the Plots tab).
        </Callout>
      )}
      <SectorList />
      <div className="helios-map-frame" data-testid="map">
        <MapContainer
          ref={setMap}
          center={[start.lat, start.long]}
          zoom={start.zoom}
          maxZoom={MAX_ZOOM}
          preferCanvas
          className={`helios-map${picking ? " helios-map-picking" : ""}`}
        >
          {tileUrl && (
            <TileLayer
              key={tileUrl}
              url={tileUrl}
              attribution={attribution}
              maxNativeZoom={TILES_MAX_ZOOM}
              maxZoom={MAX_ZOOM}
              eventHandlers={{ tileerror: () => setFailedTiles(tileUrl) }}
            />
          )}
          <ScaleControl position="bottomleft" />
          <FocusMarker />
          <SectorLayer />
          <CompareMarkers />
          <MapLayers
            picking={picking}
            onPicked={onPicked}
            onHover={setHover}
            onLayer={onLayer}
            onMoment={setMoment}
          />
        </MapContainer>
        <TrackLegend meta={legend} pointsRef={pointsRef} />
        {hover && legend && <TrackHoverCard hover={hover} meta={legend} />}
      </div>
      <FinishLineDialog />
    </div>
  );
}
