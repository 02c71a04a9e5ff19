// Favourites: the fields shown first on the Overview, kept as field paths and
// shown by their labels; added with the same searchable picker as the plots.
import { Button, Tag } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { DEFAULT_FAVOURITES, favouriteField } from "../../state/favourites";
import { FieldSelect } from "../../ui/FieldPicker";
import { LongText } from "../../ui/LongText";
import { useFieldCatalog } from "../../ui/useFieldCatalog";

export function FavouritesSettings() {
  const { favourites } = useSnapshot(appState);
  const catalog = useFieldCatalog();
  const labelOf = (name: string) =>
    catalog?.find((field) => field.path === favouriteField(name).path)?.label ?? name;
  const candidates = (catalog ?? []).filter(
    (field) => field.type !== "string" && !favourites.includes(field.path),
  );
  const add = (path: string) => {
    if (path && !appState.favourites.includes(path)) appState.favourites.push(path);
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
            data-field={favouriteField(name).path}
          >
            <LongText text={labelOf(name)} />
          </Tag>
        ))}
      </div>
      <div className="helios-row">
        <FieldSelect
          fields={candidates}
          value=""
          onChange={add}
          placeholder={catalog ? "Add a field…" : "Loading fields…"}
          aria-label="Add a favourite"
        />
        <Button
          variant="minimal"
          text="Reset to defaults"
          onClick={() => (appState.favourites = [...DEFAULT_FAVOURITES])}
        />
      </div>
    </div>
  );
}
