// One favourite as a tile: name, big live value, unit.
import { Card } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { favouriteField } from "../../state/favourites";
import { useField } from "../../worker-client/hooks";
import { LongText } from "../../ui/LongText";
import { useFieldCatalog } from "../../ui/useFieldCatalog";
import { displayValue } from "../../ui/format/formatValue";

export function FavouriteTile({ name }: { name: string }) {
  const { path, digits } = favouriteField(name);
  const { appUnits } = useSnapshot(appState);
  const info = useFieldCatalog()?.find((field) => field.path === path);
  const value = useField(path);
  const shown = displayValue(value, { unit: info?.unit ?? "" }, appUnits, digits);
  const title = info && name === path ? `${info.group} · ${info.label}` : name;
  return (
    <Card className="helios-tile" data-field={path}>
      <div className="helios-tile-name">
        <LongText text={title} />
      </div>
      <div className="helios-tile-value">
        <span className="live-value">
          {typeof value === "string" ? <LongText text={shown.text} /> : shown.text}
        </span>
        <span className="helios-tile-unit">{shown.unit}</span>
      </div>
    </Card>
  );
}
