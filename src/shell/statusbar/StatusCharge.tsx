// The pack's state of charge in the pit view's status bar: the one number the
// crew asks for first, in the Overview's format (its glance tile's decimals
// and unit), from the same live field.
import { useSnapshot } from "valtio";
import { appState } from "../../state/appState";
import { GLANCE_FIELDS } from "../../state/favourites";
import { displayValue } from "../../ui/format/formatValue";
import { useFieldCatalog } from "../../ui/useFieldCatalog";
import { useField } from "../../worker-client/hooks";

const CHARGE = GLANCE_FIELDS.find((f) => f.path === "Battery.PackStateOfCharge")!;

export function StatusCharge() {
  const { appUnits } = useSnapshot(appState);
  const info = useFieldCatalog()?.find((field) => field.path === CHARGE.path);
  const value = useField(CHARGE.path);
  const shown = displayValue(value, { unit: info?.unit ?? "%" }, appUnits, CHARGE.digits);
  return (
    <span
      className="helios-status-item helios-status-charge"
      data-testid="status-charge"
      title={info?.label}
    >
      Charge {shown.text} {shown.unit}
    </span>
  );
}
