// "N active faults" above the Faults tab, counted from the live values.
import { Callout } from "@blueprintjs/core";
import { useCallback, useSyncExternalStore } from "react";
import type { FieldInfo } from "../../../workers/contract/fields";
import { useTelemetry } from "../../worker-client/hooks";
import { flagsFault } from "../../ui/format/bitNames";
import { faultActive } from "../../ui/format/formatValue";

function useActiveFaultCount(fields: readonly FieldInfo[]): number {
  const { live } = useTelemetry();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const offs = fields.map((field) => live.subscribeField(field.path, onChange));
      return () => offs.forEach((off) => off());
    },
    [fields, live],
  );
  return useSyncExternalStore(subscribe, () =>
    fields.reduce((count, field) => {
      const value = live.get(field.path);
      // Motor ErrorFlags: a past reset alone (bit 4) is not an active fault.
      const active = field.bits ? flagsFault(value, field.bits) : faultActive(value);
      return count + (active ? 1 : 0);
    }, 0),
  );
}

export function FaultSummary({ fields }: { fields: readonly FieldInfo[] }) {
  const active = useActiveFaultCount(fields);
  return (
    <Callout
      className="helios-fault-summary"
      intent={active ? "danger" : "success"}
      icon={active ? "error" : "tick-circle"}
      data-testid="fault-summary"
    >
      {active === 0
        ? "No active faults or warnings."
        : `${active} active fault${active === 1 ? "" : "s"} or warning${active === 1 ? "" : "s"}.`}
    </Callout>
  );
}
