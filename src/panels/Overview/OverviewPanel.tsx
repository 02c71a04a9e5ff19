// The Overview: the user's favourites as large live values, then the link and
// packet counters. (data-testids and `[data-field] .live-value` are used by e2e tests.)
import { Callout, Card, Tag } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { appState } from "../../state/appState";
import { COORDINATE_DIGITS, formatNumber } from "../../ui/format/formatNumber";
import { PanelHeading } from "../../ui/headings";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { CAR_LINK_TEXTS, waitingText } from "../../ui/format/statusFormat";
import { FavouriteTile } from "./FavouriteTile";
import "./overview.css";

function ConnectionCard() {
  const connection = useLiveStatusPart("connection");
  const { connectionType } = useSnapshot(appState);
  const waiting = waitingText(
    connectionType,
    connection?.liveDataFlowing ?? false,
    connection?.lastLivePacketAt ?? null,
    Date.now(),
  );
  return (
    <Card className="helios-overview-card" aria-label="Connection">
      <PanelHeading className="helios-card-heading">Connection</PanelHeading>
      <p>
        Source:{" "}
        <Tag
          intent={connection?.connectionType === "DEMO" ? "warning" : "primary"}
          data-testid="connection-type"
        >
          {connection?.connectionType ?? "…"}
        </Tag>
      </p>
      <p data-testid="socket-state">
        Socket: {connection?.socketConnected ? "connected" : "not connected"}
      </p>
      <p data-testid="car-state">{CAR_LINK_TEXTS[connection?.carLink ?? "unknown"]}</p>
      {waiting && (
        <Callout compact intent="warning" icon="time" data-testid="overview-waiting">
          {waiting}
        </Callout>
      )}
    </Card>
  );
}

function PacketsCard() {
  const counters = useLiveStatusPart("counters");
  return (
    <Card className="helios-overview-card" aria-label="Packets">
      <PanelHeading className="helios-card-heading">Packets</PanelHeading>
      <p data-testid="accepted-count">Accepted: {counters?.accepted ?? 0}</p>
      <p data-testid="packet-rate">Rate: {(counters?.packetRate ?? 0).toFixed(1)} /s</p>
      <p data-testid="rejected-count">Rejected: {counters?.rejected ?? 0}</p>
    </Card>
  );
}

function PositionCard() {
  const geo = useLiveStatusPart("geo");
  const { appUnits } = useSnapshot(appState);
  const distance = geo ? toDisplay(geo.distanceKm, "km", appUnits) : null;
  return (
    <Card className="helios-overview-card" aria-label="Position">
      <PanelHeading className="helios-card-heading">Position</PanelHeading>
      <p>
        {formatNumber(geo?.lat, COORDINATE_DIGITS)}°, {formatNumber(geo?.long, COORDINATE_DIGITS)}°
      </p>
      <p>Heading: {formatNumber(geo?.headingDeg, 0)}°</p>
      <p>
        Distance: {formatNumber(distance, 2)} {displayUnit("km", appUnits)}
      </p>
    </Card>
  );
}

export function OverviewPanel() {
  const { favourites } = useSnapshot(appState);
  return (
    <div className="helios-panel" data-testid="panel-overview">
      <section className="helios-favourites" aria-label="Favourites">
        {favourites.map((name) => (
          <FavouriteTile key={name} name={name} />
        ))}
      </section>
      <div className="helios-overview-cards">
        <ConnectionCard />
        <PacketsCard />
        <PositionCard />
      </div>
    </div>
  );
}
