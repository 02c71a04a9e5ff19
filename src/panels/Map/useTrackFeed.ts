// Asks the worker for the trail a few times a second (one request in flight,
// the latest view wins), thinned to about a pixel at the map's zoom, and hands
// it to the TrackLayer. The worker does the reading and thinning; this hook
// only draws.
import type L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { TrackResult } from "../../../workers/contract";
import { appState } from "../../state/appState";
import { lapsState } from "../../state/lapsState";
import { useTelemetry } from "../../worker-client/hooks";
import { degreesPerPixel } from "./colorScale";
import { mapSettings } from "./mapSettings";
import type { TrackLayer } from "./TrackLayer";

export const TRACK_REFRESH_MS = 250;
/** Upper bound of points the map draws, whatever the zoom. */
export const MAX_TRACK_POINTS = 6000;

export function useTrackFeed(map: L.Map | null, layer: TrackLayer | null): TrackResult | null {
  const { client } = useTelemetry();
  const { appUnits } = useSnapshot(appState);
  const { colorField } = useSnapshot(mapSettings);
  const { selected } = useSnapshot(lapsState);
  const [latest, setLatest] = useState<TrackResult | null>(null);
  const wanted = useRef({ appUnits, colorField, selected });
  wanted.current = { appUnits, colorField, selected };

  useEffect(() => {
    if (!map || !layer) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const poll = async () => {
      const { appUnits: units, colorField: field, selected: lap } = wanted.current;
      try {
        const track = await client.api.track({
          colorField: field,
          units,
          toleranceDeg: degreesPerPixel(map.getZoom(), map.getCenter().lat),
          maxPoints: MAX_TRACK_POINTS,
          from: null,
          to: null,
        });
        if (stopped) return;
        layer.update(track, lap ? { from: lap.from, to: lap.to } : null);
        setLatest(track);
      } catch {
        // the worker is restarting: try again on the next tick
      }
      if (!stopped) timer = setTimeout(() => void poll(), TRACK_REFRESH_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [client, map, layer]);

  return latest;
}
