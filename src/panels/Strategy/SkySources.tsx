// Which guide rules the sky ahead, in order, under the solar plot: the car's
// recent sky, the weather forecast, a typical sky beyond it (the worker
// names each span; the tab writes when each ends, in its time zone).
import type { SkySource } from "../../../workers/contract/strategy";
import { skySourcesText } from "../../ui/format/weatherFormat";
import { useShownZone } from "../../ui/useShownZone";

export function SkySources({ sources }: { sources: readonly SkySource[] | undefined }) {
  const zone = useShownZone();
  // (undefined: a worker from before the forecasts came in)
  const text = skySourcesText(sources ?? [], zone);
  return text ? (
    <p className="helios-strategy-sky" data-testid="strategy-sky-sources">
      {text}
    </p>
  ) : null;
}
