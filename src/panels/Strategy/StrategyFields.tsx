// The strategy settings form's fields: numbers, times of day typed HH:MM,
// and a charging window that may be off. Each hands on what was typed as it
// means it (junk as NaN): the worker checks the settings whole and refuses
// with its reasons, so a field never corrects or drops what the user typed.
import { Checkbox, InputGroup } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import type { ChargeWindow } from "../../../workers/contract/strategy";

/** A number field's text as a number: empty or junk is NaN, which the worker refuses with its reason. */
const num = (text: string): number => (text.trim() === "" ? NaN : Number(text));

export function NumberField(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  testId: string;
  unit?: string;
}) {
  const [text, setText] = useState(String(props.value));
  // A value set from outside (the worker's settings, a capacity switched to
  // Wh) shows; what the user is typing stays while it means that value.
  const { value } = props;
  useEffect(
    () =>
      setText((typed) => (!Number.isFinite(value) || num(typed) === value ? typed : String(value))),
    [value],
  );
  return (
    <label className="helios-strategy-field">
      <span>{props.label}</span>
      <InputGroup
        size="small"
        value={text}
        inputMode="decimal"
        data-testid={props.testId}
        rightElement={
          props.unit ? <span className="helios-strategy-unit">{props.unit}</span> : undefined
        }
        onChange={(e) => {
          setText(e.target.value);
          props.onChange(num(e.target.value));
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
