// Which packet fields the history keeps in Float32 columns, and the reason a
// packet cannot be stored when one of its values lies beyond that range.
// Apart from TelemetryStore because the reason is only looked for once a
// packet was refused: the per-packet walk checks the range itself
// (packetWalk.ts, built once from FLOAT32_COLUMN).
import { FIELD_CONTAINERS, NUMERIC_FIELDS } from "../schema/fields";
import { float32RangeReason, fitsFloat32, needsFloat64 } from "../history/precision";

type Obj = Record<string, unknown>;

/** Per packet numeric field: 1 when its column is Float32 (values must fit its range). */
export const FLOAT32_COLUMN = Uint8Array.from(NUMERIC_FIELDS, (path) =>
  needsFloat64(path) ? 0 : 1,
);

/**
 * The reason a valid packet cannot be stored as sent: a value a Float32
 * column would turn into ±Infinity (see history/precision.ts), else null.
 */
export function float32Overflow(packet: Obj): string | null {
  for (let c = 0; c < FIELD_CONTAINERS.length; c++) {
    const container = FIELD_CONTAINERS[c]!;
    let obj = packet;
    for (let k = 0; k < container.keys.length; k++) obj = obj[container.keys[k]!] as Obj;
    const numKeys = container.numKeys;
    for (let j = 0; j < numKeys.length; j++) {
      const field = container.numIndex[j]!;
      const v = obj[numKeys[j]!] as number;
      if (FLOAT32_COLUMN[field] === 1 && !fitsFloat32(v))
        return float32RangeReason(NUMERIC_FIELDS[field]!, v);
    }
  }
  return null;
}
