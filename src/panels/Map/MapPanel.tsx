// The Map tab: position figures and the Leaflet map. The map code (Leaflet,
// react-leaflet, the trail) is loaded lazily so it stays out of the first bundle.
import { Card, Spinner } from "@blueprintjs/core";
import { lazy, Suspense } from "react";
import { useSnapshot } from "valtio";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { appState } from "../../state/appState";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { formatNumber, NO_VALUE } from "../../ui/format/formatNumber";
import { PanelHeading } from "../../ui/headings";
import { EmptyState } from "../../ui/EmptyState";
import { LabelValueTable, type LabelValueRow } from "../../ui/LabelValueTable";
import { finishLineText, shownFinishLine } from "../../ui/finishLine/shownFinishLine";

const degrees = (value: number | null | undefined, digits = 6) =>
  value === null || value === undefined ? NO_VALUE : `${formatNumber(value, digits)}°`;

const LeafletMap = lazy(() => import("./LeafletMap"));

function PositionCard() {
  const geo = useLiveStatusPart("geo");
  const { appUnits, lapCoords, connectionType } = useSnapshot(appState);
  const distance = geo ? toDisplay(geo.distanceKm, "km", appUnits) : null;
  const rows: LabelValueRow[] = [
    ["Latitude", degrees(geo?.lat), "geo-lat"],
    ["Longitude", degrees(geo?.long), "geo-long"],
    ["Heading", degrees(geo?.headingDeg, 1), "geo-heading"],
    [
      "Distance travelled",
      distance === null ? NO_VALUE : `${formatNumber(distance, 2)} ${displayUnit("km", appUnits)}`,
      "geo-distance",
    ],
    ["Finish line", finishLineText(shownFinishLine(lapCoords, connectionType)), "geo-finish"],
  ];
  return (
    <Card className="helios-overview-card helios-map-position">
      <PanelHeading className="helios-card-heading">Position</PanelHeading>
      <LabelValueTable rows={rows} wrapValues />
    </Card>
  );
}

export function MapPanel() {
  return (
    <div className="helios-panel helios-map-panel" data-testid="panel-map">
      <Suspense fallback={<EmptyState icon={<Spinner size={32} />} title="Loading the map…" />}>
        <LeafletMap />
      </Suspense>
      <PositionCard />
    </div>
  );
}
