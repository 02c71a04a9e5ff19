// The strategy settings form's fields: numbers (some may be left empty:
// not set), times of day typed HH:MM, and a charging window that may be
// off. Each hands on what was typed as it means it (junk as NaN): the worker
// checks the settings whole and refuses with its reasons, so a field never
// corrects or drops what the user typed.
import { Checkbox, InputGroup } from "@blueprintjs/core";
import { useEffect, useId, useState } from "react";
import type { ChargeWindow } from "../../../workers/contract/strategy";

/** A number field's text as a number: empty or junk is NaN, which the worker refuses with its reason. */
const num = (text: string): number => (text.trim() === "" ? NaN : Number(text));
/** The same where the setting may be left unset: empty is null (junk still NaN). */
const numOrNull = (text: string): number | null => (text.trim() === "" ? null : Number(text));
const shown = (value: number | null): string => (value === null ? "" : String(value));

interface FieldProps<V> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  testId: string;
  unit?: string;
}

export function NumberField(props: FieldProps<number>) {
  return <NumberText {...props} parse={num} />;
}

/** A number that may be left empty (null: not set); `help` says where it comes from and what empty means. */
export function OptionalNumberField(props: FieldProps<number | null> & { help: string }) {
  return <NumberText {...props} parse={numOrNull} placeholder="not set" />;
}

function NumberText<V extends number | null>(
  props: FieldProps<V> & { parse: (text: string) => V; help?: string; placeholder?: string },
) {
  const { value, parse, help } = props;
  const [text, setText] = useState(shown(value));
  // A value set from outside (the worker's settings, a capacity switched to
  // Wh) shows; what the user is typing stays while it means that value.
  useEffect(
    () =>
      setText((typed) =>
        (value !== null && !Number.isFinite(value)) || parse(typed) === value
          ? typed
          : shown(value),
      ),
    [value, parse],
  );
  // The help is not part of the field's name: it describes it.
  const id = useId();
  return (
    <label className="helios-strategy-field">
      <span id={`${id}-label`}>{props.label}</span>
      {help && (
        <small id={`${id}-help`} className="helios-strategy-help">
          {help}
        </small>
      )}
      <InputGroup
        size="small"
        value={text}
        inputMode="decimal"
        placeholder={props.placeholder}
        data-testid={props.testId}
        aria-labelledby={help ? `${id}-label` : undefined}
        aria-describedby={help ? `${id}-help` : undefined}
        rightElement={
          props.unit ? <span className="helios-strategy-unit">{props.unit}</span> : undefined
        }
        onChange={(e) => {
          setText(e.target.value);
          props.onChange(parse(e.target.value));
        }}
      />
    </label>
  );
}

/**
 * A time of day typed as HH:MM, 24-hour, as the app writes times and the
 * worker takes them (a native time input would show "05:00 PM" in an en-US
 * browser, beside "17:00 CDT" in the forecast). The worker refuses anything
 * else with its reason.
 */
export function TimeField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <label className="helios-strategy-field helios-strategy-time">
      <span>{props.label}</span>
      <InputGroup
        size="small"
        value={props.value}
        placeholder="HH:MM"
        inputMode="numeric"
        maxLength={5}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

export function WindowField(props: {
  label: string;
  value: ChargeWindow | null;
  fallback: ChargeWindow;
  onChange: (value: ChargeWindow | null) => void;
  testId: string;
}) {
  const on = props.value !== null;
  const w = props.value ?? props.fallback;
  return (
    <div className="helios-strategy-window">
      <Checkbox
        checked={on}
        label={props.label}
        data-testid={`${props.testId}-on`}
        onChange={() => props.onChange(on ? null : w)}
      />
      {on && (
        <>
          <TimeField
            label="from"
            value={w.from}
            testId={`${props.testId}-from`}
            onChange={(from) => props.onChange({ ...w, from })}
          />
          <TimeField
            label="to"
            value={w.to}
            testId={`${props.testId}-to`}
            onChange={(to) => props.onChange({ ...w, to })}
          />
        </>
      )}
    </div>
  );
}
