// One field as a tile: name (from the labels table), big live value, unit,
// coloured by the worst active alert of the field with an icon naming it.
import { Card } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { useField } from "../../worker-client/hooks";
import { LongText } from "../../ui/LongText";
import { useFieldCatalog } from "../../ui/useFieldCatalog";
import { displayValue } from "../../ui/format/formatValue";
import { bitFieldText } from "../../ui/format/bitNames";
import { AlertLevelIcon, alertLevelClass, useAlertLevel } from "../../ui/alertLevel";

export function FieldTile({
  path,
  digits,
  fallbackTitle,
  className = "helios-tile",
  children,
}: {
  path: string;
  digits: number;
  /** Shown when the catalog does not know the field. */
  fallbackTitle?: string;
  className?: string;
  /** Controls at the tile's foot (moving and removing a favourite). */
  children?: ReactNode;
}) {
  const { appUnits } = useSnapshot(appState);
  const info = useFieldCatalog()?.find((field) => field.path === path);
  const value = useField(path);
  const level = useAlertLevel(path);
  const number = displayValue(value, { unit: info?.unit ?? "" }, appUnits, digits);
  const shown =
    info?.bits && typeof value === "number"
      ? { text: bitFieldText(value, info.bits), unit: "" }
      : number;
  // The label table names the field; a stored path the catalog lacks shows as itself.
  const title = info?.label ?? fallbackTitle ?? path;
  return (
    <Card
      className={`${className} ${alertLevelClass(level)}`.trim()}
      data-field={path}
      data-alert={level}
    >
      <div className="helios-tile-name" title={info?.description}>
        <AlertLevelIcon level={level} />
        <LongText text={title} />
      </div>
      <div className="helios-tile-value">
        <span className="live-value">
          {typeof value === "string" || info?.bits ? <LongText text={shown.text} /> : shown.text}
        </span>
        <span className="helios-tile-unit">{shown.unit}</span>
      </div>
      {children}
    </Card>
  );
}
