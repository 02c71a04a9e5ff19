// The race's days (issue 62): dates as the app's date inputs hold them
// (YYYY-MM-DD), separated by commas or spaces. The text is kept as typed
// while the user edits, and sent as a list: the worker checks each date.
import { InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { SETTING_NAMES } from "../../../workers/shared/strategySettingNames";

const daysOf = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

export function RaceDaysField({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (days: string[]) => void;
}) {
  const [text, setText] = useState(value.join(", "));
  // Settings from elsewhere (another window, a restore) replace the text.
  const [shown, setShown] = useState(value);
  if (shown !== value && daysOf(text).join() !== value.join()) {
    setShown(value);
    setText(value.join(", "));
  }
  return (
    <label className="helios-strategy-field helios-strategy-race-days">
      <span>{SETTING_NAMES.raceDays}</span>
      <InputGroup
        size="small"
        value={text}
        placeholder="e.g. 2026-07-14, 2026-07-15, 2026-07-16"
        data-testid="strategy-race-days"
        onChange={(e) => {
          setText(e.target.value);
          onChange(daysOf(e.target.value));
        }}
      />
      <small>
        Dates as YYYY-MM-DD, each run to the race day above. On one of them the plan over the days
        sets each day's target (the last day's is where battery protection stops the car). The
        server's race dates come first when they include today. Empty: no race here, the target
        above holds.
      </small>
    </label>
  );
}
