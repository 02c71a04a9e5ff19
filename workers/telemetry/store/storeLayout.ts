// A history's layout, fixed by the schema: the ring's columns (every stored
// numeric field, Float64 only where history/precision.ts says so, then the
// booleans and strings) and the key recorded chunks are written under.
// Apart from TelemetryStore because none of it changes as packets come.
import { layoutKey } from "../../shared/storage/chunkCodec";
import { ColumnRing } from "../history/ColumnRing";
import { needsFloat64 } from "../history/precision";
import { BOOLEAN_FIELDS, FIELD_CATALOG, NUMERIC_FIELDS, STRING_FIELDS } from "../schema/fields";
import type { ColumnLayout } from "../pipeline/columnLayout";

export const DEFAULT_CAPACITY = 65_536;

/** An empty history of `asked` rows, its columns laid out as `layout`. */
export function historyRing(asked: number, layout: ColumnLayout): ColumnRing {
  // A bad configured capacity (0, NaN, 1.5) falls back rather than throwing.
  const capacity = Number.isFinite(asked) && asked >= 1 ? Math.floor(asked) : DEFAULT_CAPACITY;
  return new ColumnRing(capacity, {
    numericFloat64: layout.storedNumericFields.map(needsFloat64),
    booleanCount: BOOLEAN_FIELDS.length,
    stringCount: STRING_FIELDS.length,
    timeField: NUMERIC_FIELDS.indexOf("TimeStamp"),
    lazyFrom: layout.lazyFrom,
    names: layout,
  });
}

/**
 * Names the packed row layout recorded chunks are written in. Math
 * channels are not recorded (computed again on restore), so adding one
 * changes no layout.
 */
export function chunkLayoutKey(ring: ColumnRing): string {
  return layoutKey(ring.bytesPerSlot, FIELD_CATALOG.length);
}
