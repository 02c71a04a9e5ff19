// Map tiles: none by default (the map makes no request off the machine); a tile
// URL template such as https://tile.example.org/{z}/{x}/{y}.png with its
// attribution may be set here.
import { Button, ControlGroup, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { isTileUrl, mapSettings } from "../../state/mapSettings";

export function MapTileSettings() {
  const [url, setUrl] = useState(mapSettings.tileUrl);
  const [attribution, setAttribution] = useState(mapSettings.attribution);
  const valid = isTileUrl(url.trim());
  const apply = () => {
    if (!valid) return;
    mapSettings.tileUrl = url.trim();
    mapSettings.attribution = attribution.trim();
  };
  return (
    <FormGroup
      label="Map tiles"
      labelFor="map-tile-url"
      intent={valid ? "none" : "danger"}
      helperText={
        valid
          ? "Empty: no tiles, no request off this machine. Else an http(s) template with {z}, {x} and {y}."
          : "Enter an http(s) URL template containing {z}, {x} and {y}, or leave it empty."
      }
    >
      <ControlGroup fill vertical>
        <InputGroup
          id="map-tile-url"
          placeholder="https://tile.example.org/{z}/{x}/{y}.png"
          value={url}
          intent={valid ? "none" : "danger"}
          onValueChange={setUrl}
        />
        <InputGroup
          aria-label="Tile attribution"
          placeholder="Attribution, e.g. © OpenStreetMap contributors"
          value={attribution}
          onValueChange={setAttribution}
        />
        <Button text="Use these tiles" disabled={!valid} onClick={apply} />
      </ControlGroup>
    </FormGroup>
  );
}
