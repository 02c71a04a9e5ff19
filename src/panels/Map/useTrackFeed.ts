// Asks the worker for the trail a few times a second (one request in flight),
// thinned to about a pixel at the map's zoom, and hands each answer to the
// TrackLayer. After the first whole trail the request carries where the drawn
// trail ends, so the answers are only the new tail; a change of colour field,
// units or zoom starts a whole trail again. The worker does the reading and
// thinning; this hook only asks and draws, without a React render per answer.
import type L from "leaflet";
import { useEffect } from "react";
import { subscribe } from "valtio";
import { appState } from "../../state/appState";
import { lapsState } from "../../state/lapsState";
import { useTelemetry } from "../../worker-client/hooks";
import { degreesPerPixel } from "./colorScale";
import { mapSettings } from "../../state/mapSettings";
import type { TrackLayer } from "./TrackLayer";

const TRACK_REFRESH_MS = 250;
/** Upper bound of points the map draws, whatever the zoom. */
const MAX_TRACK_POINTS = 12_000;

export function useTrackFeed(map: L.Map | null, layer: TrackLayer | null): void {
  const { client } = useTelemetry();

  useEffect(() => {
    if (!map || !layer) return;
    const highlight = () => {
      const lap = lapsState.selected;
      layer.setHighlight(lap ? { from: lap.from, to: lap.to } : null);
    };
    highlight();
    const offSelected = subscribe(lapsState, highlight);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let drawnKey = "";
    const poll = async () => {
      const zoom = map.getZoom();
      // A whole degree of latitude: the pixel size must not change as the map pans.
      const lat = Math.round(map.getCenter().lat);
      const key = `${mapSettings.colorField}|${appState.appUnits}|${zoom}|${lat}`;
      try {
        const track = await client.api.track({
          colorField: mapSettings.colorField,
          units: appState.appUnits,
          toleranceDeg: degreesPerPixel(zoom, lat),
          maxPoints: MAX_TRACK_POINTS,
          from: null,
          to: null,
          // Another key: a whole trail, which replaces the drawn one when it arrives.
          after: key === drawnKey ? layer.points.cursor() : null,
        });
        if (stopped) return;
        layer.update(track);
        drawnKey = key;
      } catch {
        // the worker is restarting: try again on the next tick
      }
      if (!stopped) timer = setTimeout(() => void poll(), TRACK_REFRESH_MS);
    };
    void poll();
    return () => {
      stopped = true;
      offSelected();
      if (timer) clearTimeout(timer);
    };
  }, [client, map, layer]);
}
