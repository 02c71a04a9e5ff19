// The columns of a Parquet export and their Parquet types. The fields and
// their order come from the CSV export's choice (csvColumns: exportFields and
// exportColumns), so a field the history gains (a math channel) appears in both
// formats alike. Parquet always carries the values as stored: metric units at
// full precision, named by field path, with each column's unit in the file's
// key-value metadata ("helios.units"), so pandas/DuckDB users get plain names.
import type { SchemaElement } from "hyparquet-writer";
import type { ColumnLayout } from "../pipeline/columnLayout";
import type { CsvExportRequest } from "../../contract/csv";
import { exportColumns, exportFields } from "../csv/csvColumns";
import type { ColumnRing } from "../history/ColumnRing";

/** The field stored as epoch seconds and written as a Parquet TIMESTAMP. */
const TIME_PATH = "TimeStamp";

type ParquetKind = "timestamp" | "float" | "double" | "boolean" | "string";

export interface ParquetColumn {
  name: string;
  /** Metric unit as stored ("" for none). */
  unit: string;
  kind: ParquetKind;
  /** The field's index in its typed history column (numbers, booleans or strings). */
  index: number;
  /** Whether some chosen row has a gap (NaN), written as null; otherwise REQUIRED. */
  nullable: boolean;
}

/** The export's columns (fields as the CSV export chooses them; TimeStamp first when time columns are asked for). */
export function parquetColumns(
  layout: ColumnLayout,
  request: Pick<CsvExportRequest, "fields" | "timeColumns">,
): Omit<ParquetColumn, "nullable">[] {
  const fields = exportFields(layout, request.fields);
  // CSV's time columns are a choice of the request; Parquet's time is the
  // TimeStamp column itself, added in front when the fields lack it.
  if (request.timeColumns && !fields.some((f) => f.path === TIME_PATH)) {
    fields.unshift(...exportFields(layout, [TIME_PATH]));
  }
  const columns = exportColumns(layout, fields, "raw", "metric");
  return columns.map(({ header, writer }, i) => ({
    name: header,
    unit: fields[i]!.unit,
    index: writer.index,
    kind:
      writer.kind !== "number"
        ? writer.kind
        : fields[i]!.path === TIME_PATH
          ? "timestamp"
          : writer.f32
            ? "float"
            : "double",
  }));
}

/** Marks the numeric columns that have a gap in the chosen rows (a Parquet schema is fixed before the first row group). */
export function withGaps(
  columns: readonly Omit<ParquetColumn, "nullable">[],
  ring: ColumnRing,
  rows: Int32Array,
): ParquetColumn[] {
  const slots = Int32Array.from(rows, (row) => ring.physical(row));
  return columns.map((column) => ({
    ...column,
    nullable:
      column.kind !== "boolean" &&
      column.kind !== "string" &&
      ring.hasGapAtSlots(column.index, slots),
  }));
}

/** The Parquet schema: root, then one flat column per export column. */
export function parquetSchema(columns: readonly ParquetColumn[]): SchemaElement[] {
  return [
    { name: "root", num_children: columns.length },
    ...columns.map((c): SchemaElement => {
      const repetition_type = c.nullable ? "OPTIONAL" : "REQUIRED";
      switch (c.kind) {
        case "timestamp":
          // Microseconds: epoch seconds in a Float64 keep sub-millisecond digits.
          return {
            name: c.name,
            type: "INT64",
            repetition_type,
            converted_type: "TIMESTAMP_MICROS",
            logical_type: { type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MICROS" },
          };
        case "float":
          return { name: c.name, type: "FLOAT", repetition_type };
        case "double":
          return { name: c.name, type: "DOUBLE", repetition_type };
        case "boolean":
          return { name: c.name, type: "BOOLEAN", repetition_type };
        case "string":
          return { name: c.name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type };
      }
    }),
  ];
}
