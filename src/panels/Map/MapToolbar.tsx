// Above the map: follow the car, fit the track, set the finish line, the
// field the trail is coloured by (the plots' searchable field picker), and
// which alert pins are shown (a switch, and a toggle per severity).
import { Button, ButtonGroup, Switch } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import type { FieldInfo } from "../../../workers/contract/fields";
import { mapSettings } from "../../state/mapSettings";
import { sectorEditing } from "../../state/sectorLines";
import { FieldSelect } from "../../ui/FieldPicker";
import { SEVERITIES } from "../../ui/format/alertFormat";
import { severityFillClass } from "../../ui/alertLevel";
import { SEVERITY_TOGGLE_LABELS, toggleSeverity } from "./alertPinFilter";

interface MapToolbarProps {
  catalog: FieldInfo[] | null;
  picking: boolean;
  onPick: () => void;
  onFit: () => void;
}

export function MapToolbar({ catalog, picking, onPick, onFit }: MapToolbarProps) {
  const { follow, colorField } = useSnapshot(mapSettings);
  const sectors = useSnapshot(sectorEditing).on;
  const numeric = (catalog ?? []).filter((f) => f.type === "number" && f.path !== "TimeStamp");
  return (
    <div className="helios-panel-toolbar helios-map-toolbar">
      <ButtonGroup>
        <Button
          icon="locate"
          text="Follow car"
          active={follow}
          data-testid="map-follow"
          onClick={() => (mapSettings.follow = !mapSettings.follow)}
        />
        <Button icon="zoom-to-fit" text="Fit track" data-testid="map-fit" onClick={onFit} />
        <Button
          icon="flag"
          text={picking ? "Click the map…" : "Set finish line here"}
          active={picking}
          data-testid="map-set-finish"
          title="Then click the map where the finish line is (or right-click the map)"
          onClick={onPick}
        />
        <Button
          icon="flows"
          text="Sectors"
          active={sectors}
          data-testid="map-sectors"
          title="Set sector lines: click on the track to add one, drag to move, name or delete them in the list"
          onClick={() => (sectorEditing.on = !sectorEditing.on)}
        />
      </ButtonGroup>
      <span className="helios-map-colour-by">Colour by</span>
      <FieldSelect
        aria-label="Colour the track by"
        data-testid="map-color-field"
        fields={numeric}
        value={colorField}
        placeholder="Colour by…"
        onChange={(path) => (mapSettings.colorField = path)}
      />
      <AlertPinControls />
    </div>
  );
}

function AlertPinControls() {
  const { alertPins, pinSeverities } = useSnapshot(mapSettings);
  return (
    <div className="helios-map-pin-controls">
      <Switch
        inline
        role="switch"
        className="helios-map-pin-switch"
        label="Alert pins"
        checked={alertPins}
        data-testid="map-alert-pins"
        onChange={(event) => (mapSettings.alertPins = event.currentTarget.checked)}
      />
      <ButtonGroup role="group" aria-label="Alert pins shown, by severity">
        {SEVERITIES.map((severity) => {
          const on = pinSeverities.includes(severity);
          return (
            <Button
              key={severity}
              size="small"
              active={on}
              aria-pressed={on}
              disabled={!alertPins}
              data-testid={`map-pin-severity-${severity}`}
              title={`${on ? "Hide" : "Show"} the ${severity} alerts' pins`}
              icon={
                <span
                  className={`helios-map-pin-dot ${severityFillClass(severity)}${on ? "" : " helios-map-pin-dot-off"}`}
                />
              }
              text={SEVERITY_TOGGLE_LABELS[severity]}
              onClick={() =>
                (mapSettings.pinSeverities = toggleSeverity(pinSeverities, severity, !on))
              }
            />
          );
        })}
      </ButtonGroup>
    </div>
  );
}
