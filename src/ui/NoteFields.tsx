// A note's text, tags and colour as a form's fields: the "Note now" dialog
// and the Notes tab's editor share them.
import { FormGroup, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import type { NoteColour } from "../../workers/contract/notes";
import { NOTE_COLOURS } from "../../workers/shared/notes";
import { NOTE_COLOUR_LOOK } from "./noteColours";

export interface NoteFieldValues {
  text: string;
  tags: string;
  colour: NoteColour;
}

interface NoteFieldsProps {
  values: NoteFieldValues;
  onChange: (values: NoteFieldValues) => void;
  /** Ctrl+Enter (or ⌘+Enter) in the text saves. */
  onSubmit: () => void;
  idPrefix: string;
}

export function NoteFields({ values, onChange, onSubmit, idPrefix }: NoteFieldsProps) {
  return (
    <>
      <FormGroup label="Note" labelFor={`${idPrefix}-text`}>
        <TextArea
          id={`${idPrefix}-text`}
          autoFocus
          fill
          rows={3}
          value={values.text}
          placeholder="Driver swap, rain from the west, BMS trip…"
          onChange={(e) => onChange({ ...values, text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) onSubmit();
          }}
        />
      </FormGroup>
      <div className="helios-note-fields-row">
        <FormGroup label="Tags" labelFor={`${idPrefix}-tags`} helperText="Separated by commas">
          <InputGroup
            id={`${idPrefix}-tags`}
            value={values.tags}
            placeholder="weather, driver"
            onChange={(e) => onChange({ ...values, tags: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="Colour" labelFor={`${idPrefix}-colour`}>
          <HTMLSelect
            id={`${idPrefix}-colour`}
            value={values.colour}
            onChange={(e) => onChange({ ...values, colour: e.target.value as NoteColour })}
            options={NOTE_COLOURS.map((c) => ({ value: c, label: NOTE_COLOUR_LOOK[c].label }))}
          />
        </FormGroup>
      </div>
    </>
  );
}
