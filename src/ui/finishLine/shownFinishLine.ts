// Which finish line the app shows: the one the backend (or the user) set, or,
// in DEMO before anyone set one, the simulated car's default line, which is
// where its laps complete. The map's flag and the Position card both read it,
// so they never disagree ("not set" beside a drawn flag).
import type { ConnectionType } from "../../../workers/contract/fields";
import type { LapCoords } from "../../../workers/contract/laps";
import { DEFAULT_LAP_COORDS } from "../../../workers/shared/trackCoords";
import { formatNumber } from "../format/formatNumber";

interface ShownFinishLine {
  coords: LapCoords;
  /** The simulated car's default line, not one anybody set. */
  demoDefault: boolean;
}

export function shownFinishLine(
  lapCoords: LapCoords | null,
  connectionType: ConnectionType,
): ShownFinishLine | null {
  if (lapCoords) return { coords: lapCoords, demoDefault: false };
  return connectionType === "DEMO" ? { coords: DEFAULT_LAP_COORDS, demoDefault: true } : null;
}

/** The line as the Position card names it: degrees to 6 places, and whose it is. */
export function finishLineText(line: ShownFinishLine | null): string {
  if (!line) return "not set";
  const where = `${formatNumber(line.coords.lat, 6)}°, ${formatNumber(line.coords.long, 6)}°`;
  return line.demoDefault ? `${where} (the demo car's default)` : where;
}
