// Sectors mode's list beside the map: each sector line's name (edit to
// rename), its colour, and a delete button; how to add one, and the limit.
import { Button, Callout, InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { useSnapshot } from "valtio";
import {
  MAX_SECTOR_LINES,
  deleteSectorLine,
  renameSectorLine,
  sectorEditing,
  sectorLinesState,
} from "../../state/sectorLines";

function NameInput({ index, name }: { index: number; name: string }) {
  const [text, setText] = useState(name);
  const [bad, setBad] = useState(false);
  const commit = () => {
    const ok = renameSectorLine(index, text);
    setBad(!ok);
  };
  return (
    <InputGroup
      size="small"
      value={text}
      intent={bad ? "danger" : "none"}
      aria-label={`Name of sector line ${index + 1}`}
      data-testid="sector-line-name"
      title={bad ? "A name of 1 to 40 characters that no other line has" : undefined}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
      }}
    />
  );
}

export function SectorList() {
  const { on, full } = useSnapshot(sectorEditing);
  const { lines } = useSnapshot(sectorLinesState);
  if (!on) return null;
  return (
    <Callout compact icon="flag" className="helios-sector-list" data-testid="sector-list">
      <div>
        Click on the track to add a sector line ({lines.length} of {MAX_SECTOR_LINES}); drag a
        line's marker to move it. Saved in this browser only.
      </div>
      {full && (
        <div data-testid="sector-full">
          {MAX_SECTOR_LINES} sector lines are set: delete one to add another.
        </div>
      )}
      {lines.map((line, index) => (
        <div key={`${index}-${line.name}`} className="helios-sector-row">
          <NameInput index={index} name={line.name} />
          <Button
            size="small"
            variant="minimal"
            icon="trash"
            aria-label={`Delete sector line ${line.name}`}
            data-testid="sector-line-delete"
            onClick={() => deleteSectorLine(index)}
          />
        </div>
      ))}
    </Callout>
  );
}
