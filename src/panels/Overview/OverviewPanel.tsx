// The first screen: proves the pipeline end to end (source → worker → snapshot
// → screen) with the connection state, counters and a few live values.
import { Card, H5, HTMLTable, Tag } from "@blueprintjs/core";
import { useField, useLiveStatus } from "../../worker-client/hooks";

const LIVE_VALUES: { path: string; label: string; unit: string; digits: number }[] = [
  { path: "MotorDetails0.VehicleVelocity", label: "Vehicle Velocity", unit: "m/s", digits: 1 },
  { path: "Battery.PackVoltage", label: "Pack Voltage", unit: "V", digits: 1 },
  { path: "Battery.PackCurrent", label: "Pack Current", unit: "A", digits: 1 },
  { path: "Battery.PackStateOfCharge", label: "State of Charge", unit: "%", digits: 1 },
  { path: "MotorDetails0.MotorTemperature", label: "Motor Temp", unit: "°C", digits: 1 },
  { path: "Battery.AverageCellVoltage", label: "Battery Average Voltage", unit: "V", digits: 3 },
];

function LiveValueRow({ path, label, unit, digits }: (typeof LIVE_VALUES)[number]) {
  const value = useField(path);
  const text = typeof value === "number" ? value.toFixed(digits) : "—";
  return (
    <tr data-field={path}>
      <td>{label}</td>
      <td className="live-value" style={{ textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
        {text}
      </td>
      <td>{unit}</td>
    </tr>
  );
}

export function OverviewPanel() {
  const status = useLiveStatus();
  const connection = status?.connection;
  const counters = status?.counters;
  return (
    <div style={{ display: "flex", gap: 16, padding: 16, flexWrap: "wrap" }}>
      <Card style={{ minWidth: 280 }} aria-label="Connection">
        <H5>Connection</H5>
        <p>
          Source:{" "}
          <Tag intent="primary" data-testid="connection-type">
            {connection?.connectionType ?? "…"}
          </Tag>
        </p>
        <p data-testid="socket-state">
          Socket: {connection?.socketConnected ? "connected" : "not connected"}
        </p>
        <p data-testid="car-state">
          Car: {connection?.mqttConnected ? "connected" : "not connected"}
        </p>
      </Card>
      <Card style={{ minWidth: 280 }} aria-label="Packets">
        <H5>Packets</H5>
        <p data-testid="accepted-count">Accepted: {counters?.accepted ?? 0}</p>
        <p data-testid="packet-rate">Rate: {(counters?.packetRate ?? 0).toFixed(1)} /s</p>
        <p data-testid="rejected-count">Rejected: {counters?.rejected ?? 0}</p>
      </Card>
      <Card style={{ minWidth: 320 }} aria-label="Live values">
        <H5>Live values</H5>
        <HTMLTable compact>
          <tbody>
            {LIVE_VALUES.map((row) => (
              <LiveValueRow key={row.path} {...row} />
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}
