// The Overview, the race at a glance: charge, power in and out, the cells'
// extremes, the hottest temperature, speed, lap and time left, the active
// alerts, then the user's favourites (added, moved and removed here), and the
// link, packet and position cards. Every value is coloured by the rules'
// levels. (data-testids and `[data-field] .live-value` are used by e2e tests.)
import { Button, ButtonGroup, Callout, Card, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { openBigNumbers } from "../../actions/bigNumbersActions";
import { useSnapshot } from "valtio";
import { displayUnit, toDisplay } from "../../../workers/shared/units";
import { appState } from "../../state/appState";
import { COORDINATE_DIGITS, formatNumber } from "../../ui/format/formatNumber";
import { PanelHeading } from "../../ui/headings";
import { useLiveStatusPart } from "../../worker-client/hooks";
import { CAR_LINK_TEXTS, waitingText } from "../../ui/format/statusFormat";
import { FavouriteTile } from "./FavouriteTile";
import { FieldTile } from "./FieldTile";
import { RaceTile } from "./RaceTile";
import { AlertsCard } from "./AlertsCard";
import { StrategyCard } from "./StrategyCard";
import { favouritePath } from "../../state/favourites";
import { glanceTiles, RACE_TILE, shownGlanceFields } from "../../state/glanceTiles";
import { FieldSelect } from "../../ui/FieldPicker";
import { useFieldCatalog } from "../../ui/useFieldCatalog";
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

/** A glance tile's hide button while the tiles are edited. */
function HideTile({ id, label }: { id: string; label: string }) {
  return (
    <ButtonGroup variant="minimal" className="helios-tile-edit">
      <Button
        icon="eye-off"
        aria-label={`Hide ${label}`}
        data-testid="overview-hide-tile"
        onClick={() => glanceTiles.hidden.push(id)}
      />
    </ButtonGroup>
  );
}

/** The glance fields not hidden nor among the favourites (each value is shown once). */
function GlanceTiles({ favourites, editing }: { favourites: readonly string[]; editing: boolean }) {
  const { hidden } = useSnapshot(glanceTiles);
  const catalog = useFieldCatalog();
  const fields = shownGlanceFields(hidden, new Set(favourites.map(favouritePath)));
  const label = (path: string) => catalog?.find((f) => f.path === path)?.label ?? path;
  return (
    <section className="helios-glance" aria-label="Race at a glance">
      {fields.map((f) => (
        <FieldTile key={f.path} path={f.path} digits={f.digits}>
          {editing && <HideTile id={f.path} label={label(f.path)} />}
        </FieldTile>
      ))}
      {!hidden.includes(RACE_TILE) && (
        <RaceTile>{editing && <HideTile id={RACE_TILE} label="lap and time left" />}</RaceTile>
      )}
    </section>
  );
}

/** Adds a favourite with the field picker (numbers and flags; not yet a favourite). */
function AddFavourite({ favourites }: { favourites: readonly string[] }) {
  const catalog = useFieldCatalog();
  const paths = new Set(favourites.map(favouritePath));
  const candidates = (catalog ?? []).filter((f) => f.type !== "string" && !paths.has(f.path));
  return (
    <FieldSelect
      fields={candidates}
      value=""
      onChange={(path) => {
        if (path && !appState.favourites.map(favouritePath).includes(path))
          appState.favourites.push(path);
      }}
      placeholder={catalog ? "Add a tile…" : "Loading fields…"}
      aria-label="Add a tile"
      data-testid="overview-add-tile"
    />
  );
}

/** Opens big numbers (BigNumbers.tsx), as the b key does. */
function BigNumbersButton() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Button
      size="small"
      variant="minimal"
      icon="fullscreen"
      text="Big numbers"
      title="The race at a glance for a screen across the pit (b)"
      data-testid="overview-big-numbers"
      onClick={() => openBigNumbers(navigate, pathname)}
    />
  );
}

export function OverviewPanel() {
  const { favourites } = useSnapshot(appState);
  const { hidden } = useSnapshot(glanceTiles);
  const [editing, setEditing] = useState(false);
  return (
    <div className="helios-panel helios-overview" data-testid="panel-overview">
      <div className="helios-overview-main">
        <GlanceTiles favourites={favourites} editing={editing} />
        <div className="helios-overview-row">
          <PanelHeading className="helios-card-heading">Favourites</PanelHeading>
          <span className="helios-overview-tools">
            {editing && <AddFavourite favourites={favourites} />}
            {editing && hidden.length > 0 && (
              <Button
                size="small"
                variant="minimal"
                icon="eye-open"
                text={`Show hidden tiles (${hidden.length})`}
                data-testid="overview-show-hidden"
                onClick={() => (glanceTiles.hidden = [])}
              />
            )}
            {!editing && <BigNumbersButton />}
            <Button
              size="small"
              variant="minimal"
              icon={editing ? "tick" : "edit"}
              text={editing ? "Done" : "Edit tiles"}
              aria-pressed={editing}
              data-testid="overview-edit-tiles"
              onClick={() => setEditing(!editing)}
            />
          </span>
        </div>
        <section className="helios-favourites" aria-label="Favourites">
          {favourites.map((name) => (
            <FavouriteTile key={name} name={name} editing={editing} />
          ))}
        </section>
      </div>
      <div className="helios-overview-side">
        <AlertsCard />
        <StrategyCard />
        <ConnectionCard />
        <PacketsCard />
        <PositionCard />
      </div>
    </div>
  );
}
