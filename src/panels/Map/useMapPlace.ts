// Where the map looks (centre and zoom) is part of the window's map view
// (src/state/mapSettings.ts), so a reload or a layout brings it back. The map
// saves where the user moved it; while it follows the car the centre moves
// with every packet, so only a change of zoom is saved then. A place set from
// outside (a layout opened) moves the map; no place (a built-in layout) moves
// it to the track's default place, or the next pan would save the old zoom
// into the layout just opened.
import type L from "leaflet";
import { useEffect } from "react";
import { subscribeKey } from "valtio/utils";
import { DEFAULT_MAP_CENTER } from "../../../workers/shared/trackCoords";
import { mapSettings, type MapPlace } from "../../state/mapSettings";

/** The zoom of the track's default place (no place saved). */
export const DEFAULT_ZOOM = 15;

/** Degrees to 6 places (about 0.1 m): a place read back compares equal. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** Where the map looks when the window has no place of its own. */
export const DEFAULT_PLACE: MapPlace = {
  lat: round(DEFAULT_MAP_CENTER.lat),
  long: round(DEFAULT_MAP_CENTER.long),
  zoom: DEFAULT_ZOOM,
};

function placeOf(map: L.Map): MapPlace {
  const centre = map.getCenter();
  return { lat: round(centre.lat), long: round(centre.lng), zoom: map.getZoom() };
}

const samePlace = (a: MapPlace, b: MapPlace) =>
  a.lat === b.lat && a.long === b.long && a.zoom === b.zoom;

export function useMapPlace(map: L.Map | null): void {
  useEffect(() => {
    if (!map) return;
    const save = () => {
      const here = placeOf(map);
      const saved = mapSettings.place ?? DEFAULT_PLACE;
      if (samePlace(saved, here)) return;
      if (mapSettings.follow && saved.zoom === here.zoom) return;
      mapSettings.place = here;
    };
    map.on("moveend", save);
    const off = subscribeKey(mapSettings, "place", (next) => {
      const place = next ?? DEFAULT_PLACE;
      if (samePlace(place, placeOf(map))) return;
      map.setView([place.lat, place.long], place.zoom, { animate: false });
    });
    return () => {
      map.off("moveend", save);
      off();
    };
  }, [map]);
}
