// One favourite as a tile; while the Overview's tiles are being edited, with
// buttons to move it earlier or later and to remove it.
import { Button, ButtonGroup } from "@blueprintjs/core";
import { appState } from "../../state/appState";
import { favouriteField, movedFavourites } from "../../state/favourites";
import { FieldTile } from "./FieldTile";

export function FavouriteTile({ name, editing }: { name: string; editing?: boolean }) {
  const { path, digits } = favouriteField(name);
  const move = (by: number) =>
    (appState.favourites = movedFavourites(appState.favourites, name, by));
  return (
    <FieldTile path={path} digits={digits} fallbackTitle={name}>
      {editing && (
        <ButtonGroup variant="minimal" className="helios-tile-edit">
          <Button icon="arrow-left" aria-label={`Move ${path} earlier`} onClick={() => move(-1)} />
          <Button icon="arrow-right" aria-label={`Move ${path} later`} onClick={() => move(1)} />
          <Button
            icon="cross"
            aria-label={`Remove ${path}`}
            onClick={() => (appState.favourites = appState.favourites.filter((f) => f !== name))}
          />
        </ButtonGroup>
      )}
    </FieldTile>
  );
}
