// One driver per plot, registered with the shared frame loop while mounted and
// kept in step with the plot's fields and the app's unit system.
import { useEffect, useLayoutEffect, useState } from "react";
import type { AppUnits } from "../../../workers/contract/fields";
import { PlotDriver } from "./plotDriver";
import { usePlotWorkspace } from "./workspace";

export function usePlotDriver(
  fields: readonly string[],
  units: AppUnits,
  timeline: boolean,
): PlotDriver {
  const { source, view, stats, loop } = usePlotWorkspace();
  const [driver] = useState(() => new PlotDriver(source, view, stats));
  // Layout effect: configured before the chart (a passive effect) attaches.
  useLayoutEffect(
    () => driver.configure(fields, units, timeline),
    [driver, fields, units, timeline],
  );
  useEffect(() => loop.add(driver), [loop, driver]);
  return driver;
}
