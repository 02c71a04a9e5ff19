// The zone this page shows times in (src/state/shownTime.ts). A view that
// writes times calls it so that it is drawn again when the user switches
// between the race's zone and this computer's; the formatter
// (src/ui/format/dateTime.ts) already writes in it.
import { useSnapshot } from "valtio";
import { shownTime } from "../state/shownTime";

export function useShownZone(): string {
  return useSnapshot(shownTime).zone;
}
