// Position as text (the Leaflet map is a later issue): GPS position, heading,
// distance travelled and the finish line.
import { Card } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { displayUnit, toDisplay } from "../../../workers/units";
import { appState } from "../../state/appState";
import { useLiveStatus } from "../../worker-client/hooks";
import { formatNumber, NO_VALUE } from "../common/formatNumber";
import { PanelHeading } from "../common/headings";
import { LabelValueTable, type LabelValueRow } from "../common/LabelValueTable";

const degrees = (value: number | null | undefined, digits = 6) =>
  value === null || value === undefined ? NO_VALUE : `${formatNumber(value, digits)}°`;

export function MapPanel() {
  const geo = useLiveStatus()?.geo;
  const { appUnits, lapCoords } = useSnapshot(appState);
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
    [
      "Finish line",
      lapCoords ? `${degrees(lapCoords.lat)}, ${degrees(lapCoords.long)}` : "not set",
      "geo-finish",
    ],
  ];
  return (
    <div className="helios-panel" data-testid="panel-map">
      <Card className="helios-overview-card">
        <PanelHeading className="helios-card-heading">Position</PanelHeading>
        <LabelValueTable rows={rows} />
      </Card>
    </div>
  );
}
