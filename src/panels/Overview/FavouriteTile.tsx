// One favourite as a tile: name, big live value, unit.
import { Card } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { favouriteField } from "../../state/favourites";
import { useField } from "../../worker-client/hooks";
import { LongText } from "../../ui/LongText";
import { useFieldCatalog } from "../../ui/useFieldCatalog";
import { displayValue } from "../../ui/format/formatValue";
import { bitFieldText } from "../../ui/format/bitNames";

export function FavouriteTile({ name }: { name: string }) {
  const { path, digits } = favouriteField(name);
  const { appUnits } = useSnapshot(appState);
  const info = useFieldCatalog()?.find((field) => field.path === path);
  const value = useField(path);
  const number = displayValue(value, { unit: info?.unit ?? "" }, appUnits, digits);
  const shown =
    info?.bits && typeof value === "number"
      ? { text: bitFieldText(value, info.bits), unit: "" }
      : number;
  // The label table names the field; a stored path the catalog lacks shows as itself.
  const title = info?.label ?? name;
  return (
    <Card className="helios-tile" data-field={path}>
      <div className="helios-tile-name" title={info?.description}>
        <LongText text={title} />
      </div>
      <div className="helios-tile-value">
        <span className="live-value">
          {typeof value === "string" || info?.bits ? <LongText text={shown.text} /> : shown.text}
        </span>
        <span className="helios-tile-unit">{shown.unit}</span>
      </div>
    </Card>
  );
}
