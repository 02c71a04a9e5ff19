// Above the map: follow the car, fit the track, set the finish line, and the
// field the trail is coloured by (the plots' searchable field picker).
import { Button, ButtonGroup } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import type { FieldInfo } from "../../../workers/contract/fields";
import { mapSettings } from "../../state/mapSettings";
import { sectorEditing } from "../../state/sectorLines";
import { FieldSelect } from "../../ui/FieldPicker";

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
    </div>
  );
}
