// Favourites: the fields shown first on the Overview.
import { Button, HTMLSelect, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { DEFAULT_FAVOURITES, favouriteField } from "../../state/favourites";
import { LongText } from "../../ui/LongText";
import { useFieldCatalog } from "../../ui/useFieldCatalog";

export function FavouritesSettings() {
  const { favourites } = useSnapshot(appState);
  const catalog = useFieldCatalog();
  const [choice, setChoice] = useState("");
  const candidates = (catalog ?? []).filter(
    (field) => field.type !== "string" && !favourites.includes(field.path),
  );
  const add = () => {
    if (choice && !appState.favourites.includes(choice)) appState.favourites.push(choice);
    setChoice("");
  };
  return (
    <div className="helios-favourites-editor">
      <div className="helios-tag-row" data-testid="favourites-list">
        {favourites.map((name) => (
          <Tag
            key={name}
            round
            onRemove={() => (appState.favourites = appState.favourites.filter((f) => f !== name))}
            title={favouriteField(name).path}
          >
            <LongText text={name} />
          </Tag>
        ))}
      </div>
      <div className="helios-row">
        <HTMLSelect
          aria-label="Add a favourite"
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value)}
          options={[
            { value: "", label: catalog ? "Add a field…" : "Loading fields…" },
            ...candidates.map((field) => ({
              value: field.path,
              label: `${field.group} · ${field.label}`,
            })),
          ]}
        />
        <Button icon="plus" text="Add" disabled={!choice} onClick={add} />
        <Button
          variant="minimal"
          text="Reset to defaults"
          onClick={() => (appState.favourites = [...DEFAULT_FAVOURITES])}
        />
      </div>
    </div>
  );
}
