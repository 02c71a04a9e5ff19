// Everything drawn inside the Leaflet map, driven imperatively (no React render
// per packet): the local grid, the trail, the car marker rotated by its
// heading and following it, the finish line, hover and click on the trail,
// and which alert pins show (this window's map settings).
import L from "leaflet";
import { useEffect, useState } from "react";
import { useMap } from "react-leaflet";
import { subscribe } from "valtio";
import { shownFinishLine } from "../../ui/finishLine/shownFinishLine";
import { appState } from "../../state/appState";
import { focusPlotsAt } from "../../state/plotFocus";
import { openFinishLinePrompt } from "../../actions/finishLineActions";
import { useTelemetry } from "../../worker-client/hooks";
import { carIcon, createGridLayer, finishIcon, setCarHeading } from "./mapLayers";
import { mapSettings } from "../../state/mapSettings";
import { sectorEditing } from "../../state/sectorLines";
import { TrackLayer, type TrackHover } from "./TrackLayer";
import { useTrackFeed } from "./useTrackFeed";
import { formatTime } from "../../ui/format/dateTime";
import { openNote } from "../../state/noteNow";

export interface HoverInfo extends TrackHover {
  /** Container pixel of the mouse. */
  x: number;
  y: number;
}

interface MapLayersProps {
  /** The next click on the map picks the finish line (then this turns off). */
  picking: boolean;
  onPicked: () => void;
  onHover: (hover: HoverInfo | null) => void;
  /** The trail layer once it exists (for the legend, the hover labels and "fit track"). */
  onLayer: (layer: TrackLayer | null) => void;
  onMoment: (time: number) => void;
}

const HOVER_PX = 10;

export function MapLayers({ picking, onPicked, onHover, onLayer, onMoment }: MapLayersProps) {
  const map = useMap();
  const { live } = useTelemetry();
  const [layer, setLayer] = useState<TrackLayer | null>(null);
  useTrackFeed(map, layer);

  useEffect(() => onLayer(layer), [layer, onLayer]);

  // The toolbar's pin switch and severity filter.
  useEffect(() => {
    if (!layer) return;
    const filter = () =>
      layer.setPinFilter({ show: mapSettings.alertPins, severities: mapSettings.pinSeverities });
    filter();
    return subscribe(mapSettings, filter);
  }, [layer]);

  // Static layers: grid, trail, car, finish line.
  useEffect(() => {
    const grid = createGridLayer().addTo(map);
    const trail = new TrackLayer();
    trail.group.addTo(map);
    setLayer(trail);
    const car = L.marker([0, 0], { icon: carIcon(), interactive: false, keyboard: false });
    const finish = L.marker([0, 0], { icon: finishIcon(), interactive: false, keyboard: false });
    const showFinish = () => {
      // DEMO without a line set: the simulated car laps at its default line.
      const coords = shownFinishLine(appState.lapCoords, appState.connectionType)?.coords;
      if (coords) finish.setLatLng([coords.lat, coords.long]).addTo(map);
      else finish.remove();
    };
    showFinish();
    const offFinish = subscribe(appState, showFinish);
    // A pan while a zoom animates ends that zoom where it began: following
    // waits for the zoom (a click on + while the car moves was lost).
    let zooming = false;
    const onStatus = () => {
      const geo = live.status?.geo;
      if (!geo || geo.lat === null || geo.long === null) {
        car.remove();
        return;
      }
      car.setLatLng([geo.lat, geo.long]);
      if (!map.hasLayer(car)) car.addTo(map);
      setCarHeading(car, geo.headingDeg);
      if (mapSettings.follow && !zooming) map.panTo([geo.lat, geo.long], { animate: false });
    };
    onStatus();
    const offStatus = live.subscribeStatus(onStatus);
    const zoomStarts = () => (zooming = true);
    const zoomEnds = () => {
      zooming = false;
      onStatus();
    };
    map.on("zoomstart", zoomStarts);
    map.on("zoomend", zoomEnds);
    // Dragging the map, or opening a cluster of alert pins, means the user
    // wants to look elsewhere: following would pan away from what was opened.
    const stopFollowing = () => (mapSettings.follow = false);
    map.on("dragstart", stopFollowing);
    trail.onPinsOpened = stopFollowing;
    return () => {
      offStatus();
      offFinish();
      map.off("dragstart", stopFollowing);
      map.off("zoomstart", zoomStarts);
      map.off("zoomend", zoomEnds);
      grid.remove();
      trail.group.remove();
      car.remove();
      finish.remove();
      setLayer(null);
    };
  }, [map, live]);

  // Hover and click on the trail, right-click to set the finish line.
  useEffect(() => {
    if (!layer) return;
    let frame = 0;
    let last: L.LeafletMouseEvent | null = null;
    const hoverNow = () => {
      frame = 0;
      const found = last ? layer.hoverAt(map, last.containerPoint, HOVER_PX) : null;
      if (!last || !found) return onHover(null);
      onHover({ ...found, x: last.containerPoint.x, y: last.containerPoint.y });
    };
    const move = (event: L.LeafletMouseEvent) => {
      last = event;
      frame ||= requestAnimationFrame(hoverNow);
    };
    const out = () => {
      last = null;
      onHover(null);
    };
    const click = (event: L.LeafletMouseEvent) => {
      if (sectorEditing.on) return; // Sectors mode: the click adds a line (SectorLayer)
      if (picking) {
        onPicked();
        openFinishLinePrompt(event.latlng.lat, event.latlng.lng);
        return;
      }
      const found = layer.hoverAt(map, event.containerPoint, HOVER_PX);
      if (!found) return;
      const time = found.time;
      // Shift+click notes the moment the car was there.
      if (event.originalEvent.shiftKey) return openNote(time, null, "");
      focusPlotsAt(time, `Map: ${formatTime(time)}`);
      onMoment(time);
    };
    const context = (event: L.LeafletMouseEvent) =>
      openFinishLinePrompt(event.latlng.lat, event.latlng.lng);
    map.on("mousemove", move);
    map.on("mouseout", out);
    map.on("click", click);
    map.on("contextmenu", context);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      map.off("mousemove", move);
      map.off("mouseout", out);
      map.off("click", click);
      map.off("contextmenu", context);
    };
  }, [map, layer, picking, onPicked, onHover, onMoment]);

  return null;
}
