// The export dialog's choices: format, fields, time range, resolution, values, time columns.
import {
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  Radio,
  RadioGroup,
} from "@blueprintjs/core";
import type { FieldInfo } from "../../../workers/contract/fields";
import type { Lap } from "../../../workers/contract/laps";
import { formatLapDate } from "../../ui/format/lapFormat";
import { formatDateTime, formatDateTimeNamed } from "../../ui/format/dateTime";
import { FieldPicker } from "../../ui/FieldPicker";
import type { ExportChoices, FieldChoice, FormatChoice, RangeChoice } from "./exportRequest";

interface Props {
  choices: ExportChoices;
  onChange: (patch: Partial<ExportChoices>) => void;
  catalog: readonly FieldInfo[];
  plotFieldCount: number | null;
  /** The plots' visible window, offered as a range when there is one. */
  window: { from: number; to: number } | null;
  /** How that window is named (default: the plots' visible window). */
  windowLabel?: string;
  laps: readonly Lap[];
  unitsLabel: string;
  disabled: boolean;
}

export function ExportChoicesForm(props: Props) {
  const { choices, onChange, catalog, plotFieldCount, window, laps, unitsLabel, disabled } = props;
  const windowName = props.windowLabel ?? "The plots' visible window";
  const togglePicked = (path: string) =>
    onChange({
      fields: "picked",
      picked: choices.picked.includes(path)
        ? choices.picked.filter((p) => p !== path)
        : [...choices.picked, path],
    });
  return (
    <div className="csv-choices">
      <FormGroup label="Format" className="csv-format" disabled={disabled}>
        <RadioGroup
          inline
          selectedValue={choices.format}
          onChange={(e) => onChange({ format: e.currentTarget.value as FormatChoice })}
          disabled={disabled}
        >
          <Radio value="csv" label="CSV" />
          <Radio value="parquet" label="Parquet" />
        </RadioGroup>
      </FormGroup>
      <FormGroup label="Fields" disabled={disabled}>
        <RadioGroup
          selectedValue={choices.fields}
          onChange={(e) => onChange({ fields: e.currentTarget.value as FieldChoice })}
          disabled={disabled}
        >
          <Radio value="all" label={`Every field (${catalog.length || "316 + derived"})`} />
          <Radio value="favourites" label="Favourites" />
          {plotFieldCount !== null && (
            <Radio value="plot" label={`This plot's fields (${plotFieldCount})`} />
          )}
          <Radio value="picked">
            Chosen fields ({choices.picked.length}){" "}
            <FieldPicker fields={catalog} selected={choices.picked} onToggle={togglePicked} />
          </Radio>
        </RadioGroup>
      </FormGroup>
      <FormGroup label="Time range" disabled={disabled}>
        <RadioGroup
          selectedValue={choices.range}
          onChange={(e) => onChange({ range: e.currentTarget.value as RangeChoice })}
          disabled={disabled}
        >
          <Radio value="all" label="Whole history" />
          {window && (
            <Radio
              value="window"
              data-testid="csv-range-window"
              data-from={window.from}
              data-to={window.to}
              label={`${windowName} (${formatDateTime(window.from)} – ${formatDateTimeNamed(window.to)})`}
            />
          )}
          <Radio value="lap" disabled={laps.length === 0}>
            One lap{" "}
            <HTMLSelect
              minimal
              disabled={laps.length === 0 || disabled}
              value={choices.lapIndex}
              onChange={(e) => onChange({ range: "lap", lapIndex: Number(e.currentTarget.value) })}
              options={laps.map((lap, i) => ({
                value: i,
                label: `Lap ${i + 1} · ${formatLapDate(lap.endMs)}`,
              }))}
            />
          </Radio>
          <Radio value="custom" label="Custom (ISO 8601, UTC)" />
        </RadioGroup>
        {choices.range === "custom" && (
          <div className="csv-custom-range">
            <InputGroup
              placeholder="from, e.g. 2026-11-22T18:00:00Z"
              value={choices.customFrom}
              onValueChange={(customFrom) => onChange({ customFrom })}
            />
            <InputGroup
              placeholder="to"
              value={choices.customTo}
              onValueChange={(customTo) => onChange({ customTo })}
            />
          </div>
        )}
      </FormGroup>
      <FormGroup label="Resolution" disabled={disabled}>
        <RadioGroup
          selectedValue={choices.resample ? "resample" : "every"}
          onChange={(e) => onChange({ resample: e.currentTarget.value === "resample" })}
          disabled={disabled}
        >
          <Radio value="every" label="Every packet" />
          <Radio value="resample">
            Resampled to{" "}
            <span className="csv-inline-number">
              <NumericInput
                size="small"
                min={0.01}
                max={1000}
                value={choices.perSecond}
                disabled={disabled}
                onValueChange={(perSecond) =>
                  onChange({ resample: true, perSecond: perSecond > 0 ? perSecond : 1 })
                }
              />
            </span>{" "}
            per second (last value per bucket)
          </Radio>
        </RadioGroup>
      </FormGroup>
      {choices.format === "parquet" ? (
        <FormGroup label="Values" disabled={disabled}>
          <p className="csv-parquet-note" data-testid="csv-parquet-note">
            Parquet holds the values as stored: metric units at full precision, one typed column per
            field named by its path (units in the file&apos;s metadata), TimeStamp as a UTC
            timestamp, gaps as null. pandas, polars and DuckDB read it without guessing.
          </p>
          <Checkbox
            checked={choices.timeColumns}
            disabled={disabled}
            label="Always include TimeStamp (even if not among the fields)"
            onChange={(e) => onChange({ timeColumns: e.currentTarget.checked })}
          />
        </FormGroup>
      ) : (
        <FormGroup label="Values" disabled={disabled}>
          <RadioGroup
            selectedValue={choices.values}
            onChange={(e) => onChange({ values: e.currentTarget.value as "display" | "raw" })}
            disabled={disabled}
          >
            <Radio value="display" label={`As displayed (${unitsLabel}, unit in the header)`} />
            <Radio value="raw" label="Raw wire values" />
          </RadioGroup>
          <Checkbox
            checked={choices.timeColumns}
            disabled={disabled}
            label="Time columns: ISO 8601 UTC and epoch milliseconds"
            onChange={(e) => onChange({ timeColumns: e.currentTarget.checked })}
          />
        </FormGroup>
      )}
      <Checkbox
        checked={choices.notes}
        disabled={disabled}
        data-testid="csv-notes"
        label="Save the range's notes beside it (a second file, its name ending -notes)"
        onChange={(e) => onChange({ notes: e.currentTarget.checked })}
      />
    </div>
  );
}
