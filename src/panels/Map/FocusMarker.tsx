// The place another tab asked the map to show (an alert's start, from the
// Alerts tab): a ring marker there, the view centred on it (once per request)
// and no longer following the car. Drawn imperatively, like the other map layers.
import L from "leaflet";
import { useEffect } from "react";
import { useMap } from "react-leaflet";
import { subscribe } from "valtio";
import { claimCentring, mapFocus, type MapFocus } from "../../state/mapFocus";
import { mapSettings } from "../../state/mapSettings";
import { formatTimeNamed } from "../../ui/format/dateTime";

function focusIcon(focus: MapFocus): L.DivIcon {
  const title = `${focus.label} at ${formatTimeNamed(focus.time)}`.replace(/[<>&"]/g, "");
  return L.divIcon({
    className: "helios-focus-marker",
    html: `<div class="helios-focus-ring" data-testid="map-focus" title="${title}"></div>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });
}

export function FocusMarker() {
  const map = useMap();
  useEffect(() => {
    const marker = L.marker([0, 0], { interactive: false, keyboard: false });
    let shown = 0;
    const show = () => {
      const focus = mapFocus.focus;
      if (!focus) {
        marker.remove();
        return;
      }
      if (focus.seq === shown) return;
      shown = focus.seq;
      marker.setIcon(focusIcon(focus)).setLatLng([focus.lat, focus.long]).addTo(map);
      // Centred once: the view saved since (a pan, Follow car, a layout) wins at a remount.
      if (!claimCentring(focus)) return;
      // Following the car would pull the view away from the place asked for.
      mapSettings.follow = false;
      map.setView([focus.lat, focus.long], map.getZoom(), { animate: false });
    };
    show();
    const off = subscribe(mapFocus, show);
    return () => {
      off();
      marker.remove();
    };
  }, [map]);
  return null;
}
