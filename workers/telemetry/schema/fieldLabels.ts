// What each field is called where people read it: one table, keyed by field
// path, with the label, the metric display unit and a one-line description of
// every packet field and every derived column. Pickers, tables, legends, the
// map and the favourites all show these labels; CSV headers keep wire paths so
// that an export imports again. tests/unit/fieldLabels.test.ts checks that the
// table and the schema name the same fields and that no two labels are alike.
//
// Naming: MotorDetails0/1 are the two Tritium WaveSculptor motor controllers,
// "Motor 0" and "Motor 1" as on the wire; nothing in the protocol says which
// wheel each drives. Where a number's meaning is not documented (MBMS states,
// GPS flags), the label says it is a code and the description says so.
// Units are those the car's controllers send (the wire is not rescaled): the
// WaveSculptors report VehicleVelocity in m/s and MotorVelocity in rpm, so the
// demo simulator sends m/s too.
import type { FieldPath } from "../../contract/fields";
import { MOTOR_ERROR_BITS, MOTOR_LIMIT_BITS } from "../../shared/motorFlags";
import { MAX_STEP_SECONDS } from "../history/integrate";

interface FieldText {
  label: string;
  /** Metric display unit ("" when unitless; booleans have none). */
  unit: string;
  description: string;
  /** Bit names of a bit field, by bit number (PROTOCOL.md "Motor controller flags"). */
  bits?: readonly string[];
}

type Entry = [key: string, label: string, unit: string, description: string];

const entries = (prefix: string, rows: readonly Entry[]): [FieldPath, FieldText][] =>
  rows.map(([key, label, unit, description]) => [prefix + key, { label, unit, description }]);

const DRIVER_CONTROLS: Entry[] = [
  ["Acceleration", "Accelerator Pedal", "%", "How far the accelerator pedal is pressed."],
  ["B3Heartbeat", "Driver Controls Heartbeat", "", "The driver-controls board (B3) is alive."],
  ["BrakeLightSignalStatus", "Brake Light On", "", "The brake light output is on."],
  ["BrakeSwitchDigital", "Brake Pedal Pressed", "", "The brake pedal switch is closed."],
  [
    "DaytimeRunningLightSignalStatus",
    "Daytime Running Lights On",
    "",
    "The daytime running lights are on.",
  ],
  ["ForwardDigital", "Forward Selected", "", "The direction switch is set to forward."],
  ["HandbrakeSwitchDigital", "Handbrake On", "", "The handbrake switch is closed."],
  ["HazardLightsInput", "Hazard Lights Switch", "", "The driver switched the hazard lights on."],
  ["HeadightsSwitchInput", "Headlights Switch", "", "The driver switched the headlights on."],
  ["HeadlightSignalStatus", "Headlights On", "", "The headlight output is on."],
  ["HornSignalStatus", "Horn Sounding", "", "The horn output is on."],
  ["HornSwitchDigital", "Horn Button", "", "The driver is pressing the horn button."],
  ["LapDigital", "Lap Button", "", "The driver is pressing the lap button."],
  ["LeftSignalInput", "Left Indicator Switch", "", "The driver switched the left indicator on."],
  ["LeftSignalStatus", "Left Indicator On", "", "The left indicator output is on."],
  ["MotorResetDigital", "Motor Reset Button", "", "The driver is pressing motor reset."],
  ["NeutralDigital", "Neutral Selected", "", "The direction switch is in neutral."],
  ["RaceModeDigital", "Race Mode Switch", "", "The race mode switch is on."],
  ["RegenBraking", "Regen Brake Pedal", "%", "How far the regenerative brake is applied."],
  ["ReverseDigital", "Reverse Selected", "", "The direction switch is set to reverse."],
  ["RightSignalInput", "Right Indicator Switch", "", "The driver switched the right indicator on."],
  ["RightSignalStatus", "Right Indicator On", "", "The right indicator output is on."],
];

const BATTERY: Entry[] = [
  ["AlwaysOnSignalStatus", "BMS Always-On Signal", "", "The BMS's always-on signal is present."],
  ["AverageCellVoltage", "Average Cell Voltage", "V", "Mean voltage of the pack's cells."],
  ["AverageTemperature", "Average Battery Temperature", "°C", "Mean of the pack's thermistors."],
  ["BmuAlive", "BMU Alive Counter", "", "Counter the battery management unit steps while running."],
  ["ChargeRelayEnabled", "Charge Relay Enabled", "", "The BMS allows charging."],
  ["ChargerSafetyEnabled", "Charger Safety Enabled", "", "The BMS's charger safety output is on."],
  ["DischargeRelayEnabled", "Discharge Relay Enabled", "", "The BMS allows discharging."],
  ["FanSpeed", "Battery Fan Speed", "rpm", "Speed of the battery box fan."],
  ["FanVoltage", "Battery Fan Voltage", "V", "Voltage driving the battery box fan."],
  ["HighCellVoltage", "Highest Cell Voltage", "V", "Voltage of the fullest cell right now."],
  ["HighCellVoltageId", "Highest Cell Number", "", "Which cell has the highest voltage."],
  ["HighTemperature", "Highest Battery Temperature", "°C", "Hottest thermistor in the pack."],
  ["HighThermistorId", "Hottest Thermistor Number", "", "Which thermistor reads hottest."],
  ["Input12V", "BMS 12 V Supply", "V", "Supply voltage at the BMS's 12 V input."],
  ["InternalTemperature", "BMS Internal Temperature", "°C", "Temperature inside the BMS."],
  ["IsChargingSignalStatus", "Charging Signal", "", "The BMS says the pack is charging."],
  ["IsReadySignalStatus", "BMS Ready Signal", "", "The BMS says it is ready."],
  ["LowCellVoltage", "Lowest Cell Voltage", "V", "Voltage of the emptiest cell right now."],
  ["LowCellVoltageId", "Lowest Cell Number", "", "Which cell has the lowest voltage."],
  ["LowTemperature", "Lowest Battery Temperature", "°C", "Coldest thermistor in the pack."],
  ["LowThermistorId", "Coldest Thermistor Number", "", "Which thermistor reads coldest."],
  [
    "MalfunctionIndicatorActive",
    "Battery Malfunction Light",
    "",
    "The BMS's malfunction indicator is on.",
  ],
  ["MaximumCellVoltage", "Cell Voltage Upper Limit", "V", "Highest cell voltage the BMS allows."],
  ["MaximumPackVoltage", "Pack Voltage Upper Limit", "V", "Highest pack voltage the BMS allows."],
  ["MinimumCellVoltage", "Cell Voltage Lower Limit", "V", "Lowest cell voltage the BMS allows."],
  ["MinimumPackVoltage", "Pack Voltage Lower Limit", "V", "Lowest pack voltage the BMS allows."],
  [
    "MultiPurposeInputSignalStatus",
    "BMS Multi-Purpose Input",
    "",
    "State of the BMS's multi-purpose input.",
  ],
  ["PackAmphours", "Pack Amp-Hours", "Ah", "Charge left in the pack, as the BMS counts it."],
  ["PackCurrent", "Pack Current", "A", "Current through the battery pack."],
  ["PackDepthOfDischarge", "Pack Depth of Discharge", "%", "Share of the pack's charge used."],
  ["PackStateOfCharge", "Pack State of Charge", "%", "Share of the pack's charge left."],
  ["PackVoltage", "Pack Voltage", "V", "Voltage across the whole battery pack."],
  ["PopulatedCells", "Cells in Pack", "", "Number of cells the BMS monitors."],
  ["RequestedFanSpeed", "Requested Battery Fan Speed", "", "Fan speed the BMS asks for."],
];

const fault = (key: string, label: string, what: string): Entry => [
  key,
  label,
  "",
  `BMS error: ${what}.`,
];
const BATTERY_ERRORS: Entry[] = [
  fault("AlwaysOnSupplyFault", "Always-On Supply Fault", "the always-on supply failed"),
  fault("CanbusCommunicationFault", "CAN Bus Communication Fault", "CAN bus messages are lost"),
  fault("ChargeLimitEnforcementFault", "Charge Limit Not Obeyed", "charging exceeded its limit"),
  fault("ChargerSafetyRelayFault", "Charger Safety Relay Fault", "the charger relay misbehaves"),
  fault("CurrentSensorFault", "Current Sensor Fault", "the pack current sensor failed"),
  fault("DischargeLimitEnforcementFault", "Discharge Limit Not Obeyed", "discharge over limit"),
  fault("FanMonitorFault", "Fan Monitor Fault", "the battery fan is not turning as asked"),
  fault("HighVoltageIsolationFault", "High-Voltage Isolation Fault", "HV leaks to the chassis"),
  fault("InternalCommunicationFault", "BMS Internal Communication Fault", "internal bus failed"),
  fault("InternalConversionFault", "BMS Internal Conversion Fault", "a measurement failed"),
  fault("InternalLogicFault", "BMS Internal Logic Fault", "the BMS's logic failed"),
  fault("InternalMemoryFault", "BMS Internal Memory Fault", "the BMS's memory failed"),
  fault("InternalThermistorFault", "BMS Internal Thermistor Fault", "its own sensor failed"),
  fault("LowCellVoltageFault", "Low Cell Voltage Fault", "a cell is below its minimum"),
  fault("OpenWiringFault", "Open Wiring Fault", "a cell tap wire is open"),
  fault("PackVoltageSensorFault", "Pack Voltage Sensor Fault", "pack voltage reads wrong"),
  fault("PowerSupply12VFault", "BMS 12 V Supply Fault", "its 12 V supply is out of range"),
  fault("ThermistorFault", "Battery Thermistor Fault", "a pack thermistor failed"),
  fault("VoltageRedundancyFault", "Voltage Redundancy Fault", "two voltage readings disagree"),
  fault("WeakCellFault", "Weak Cell Fault", "a cell sags more than the others"),
  fault("WeakPackFault", "Weak Pack Fault", "the pack sags more than expected"),
];

// CCL / DCL: the charge and discharge current limits the BMS sets.
const limit = (key: string, which: "Charge" | "Discharge" | "Both", cause: string): Entry => [
  key,
  `${which === "Both" ? "Both Limits" : `${which} Limit`} Reduced: ${cause}`,
  "",
  `BMS warning: the ${
    which === "Both"
      ? "charge and discharge current limits are"
      : `${which.toLowerCase()} current limit is`
  } lowered because of ${cause.toLowerCase()}.`,
];
const BATTERY_WARNINGS: Entry[] = [
  limit("CclReducedDueToAlternateCurrentLimit", "Charge", "Alternate Current Limit"),
  limit("CclReducedDueToChargerLatch", "Charge", "Charger Latch"),
  limit("CclReducedDueToHighCellResistance", "Charge", "High Cell Resistance"),
  limit("CclReducedDueToHighCellVoltage", "Charge", "High Cell Voltage"),
  limit("CclReducedDueToHighPackVoltage", "Charge", "High Pack Voltage"),
  limit("CclReducedDueToHighSoc", "Charge", "High State of Charge"),
  limit("CclReducedDueToTemperature", "Charge", "Temperature"),
  limit("DclAndCclReducedDueToCommunicationFailsafe", "Both", "Communication Failsafe"),
  limit("DclAndCclReducedDueToVoltageFailsafe", "Both", "Voltage Failsafe"),
  limit("DclReducedDueToHighCellResistance", "Discharge", "High Cell Resistance"),
  limit("DclReducedDueToLowCellVoltage", "Discharge", "Low Cell Voltage"),
  limit("DclReducedDueToLowPackVoltage", "Discharge", "Low Pack Voltage"),
  limit("DclReducedDueToLowSoc", "Discharge", "Low State of Charge"),
  limit("DclReducedDueToTemperature", "Discharge", "Temperature"),
];

/** The contactor boards, by wire prefix: the circuit each one switches. */
const CIRCUITS = { Array: "Array", Charge: "Charger", Common: "Common", Lv: "LV", Motor: "Motor" };
function contactor(prefix: keyof typeof CIRCUITS): Entry[] {
  const name = CIRCUITS[prefix];
  const rows: Entry[] = [
    ["ChargeCurrent", `${name} Charge Current`, "A", `Charge current the ${name} board measures.`],
    ["ContactorClosed", `${name} Contactor Closed`, "", `The ${name} contactor is closed.`],
    ["ContactorClosing", `${name} Contactor Closing`, "", `The ${name} contactor is closing.`],
    ["ContactorError", `${name} Contactor Error`, "", `The ${name} contactor reports an error.`],
    ["Heartbeat", `${name} Contactor Heartbeat`, "", `The ${name} contactor board is alive.`],
    ["LineCurrent", `${name} Line Current`, "A", `Current in the ${name} circuit.`],
    ["PrechargerClosed", `${name} Precharger Closed`, "", `The ${name} precharge relay is closed.`],
    ["PrechargerClosing", `${name} Precharger Closing`, "", `The ${name} precharge is running.`],
    ["PrechargerError", `${name} Precharger Error`, "", `The ${name} precharge failed.`],
  ];
  // The wire spells the battery-protection error three ways, and Common has none.
  if (prefix === "Lv")
    rows.push(["BpsError", "LV BPS Error", "", "Battery protection tripped LV."]);
  else if (prefix !== "Common")
    rows.push(["BPSError", `${name} BPS Error`, "", `Battery protection tripped ${name}.`]);
  else
    rows.push([
      "ContactorOpeningError",
      "Common Contactor Opening Error",
      "",
      "The Common contactor did not open when asked.",
    ]);
  return rows.map(([key, ...rest]) => [prefix + key, ...rest]);
}

const KEY_MOTOR: Entry[] = [
  ["BusCurrentOut", "Drive Command: Bus Current", "A", "Bus current asked of the motors."],
  ["KeyMotorVelocity", "Drive Command: Motor Speed", "rpm", "Motor speed asked of the motors."],
  ["MotorCurrent", "Drive Command: Motor Current", "A", "Motor current asked of the motors."],
];

const mbmsCircuit = (prefix: string, name: string): Entry[] => [
  [`${prefix}ContactorCommand`, `${name} Contactor Command`, "", `MBMS asks ${name} to close.`],
  [
    `${prefix}HeartbeatDeadTrip`,
    `${name} Heartbeat Lost (Trip)`,
    "",
    `MBMS tripped: the ${name} board stopped answering.`,
  ],
  [`${prefix}HighCurrentTrip`, `${name} High Current Trip`, "", `MBMS tripped on ${name} current.`],
  [`${prefix}HighCurrentWarning`, `${name} High Current Warning`, "", `${name} current is high.`],
];
const MBMS: Entry[] = [
  ["AbattDisable", "Aux Battery Disabled", "", "The auxiliary battery is switched off."],
  ...mbmsCircuit("Array", "Array"),
  ["AuxiliaryBatteryVoltage", "Auxiliary Battery Voltage", "V", "Voltage of the 12 V battery."],
  ["CanOc12VWarning", "12 V CAN Overcurrent Warning", "", "The CAN 12 V supply draws too much."],
  ...mbmsCircuit("Charge", "Charger"),
  ["ChargeEnable", "Charging Allowed", "", "MBMS allows charging."],
  ["ChargeSafety", "MBMS Charge Safety", "", "MBMS's charge safety signal is on."],
  ["ChargeShouldTrip", "Charge Should Trip", "", "MBMS wants to stop charging."],
  ["ChgFault", "Charger Fault", "", "The charger reports a fault."],
  ["ChgLvEn", "Charger LV Enable", "", "The charger's low-voltage side is enabled."],
  ["ChgOn", "Charger On", "", "The charger is on."],
  ...mbmsCircuit("Common", "Common"),
  [
    "ContactorConnectedUnexpectedlyTrip",
    "Contactor Closed Unexpectedly (Trip)",
    "",
    "MBMS tripped: a contactor closed without being asked.",
  ],
  [
    "ContactorDisconnectedUnexpectedlyTrip",
    "Contactor Opened Unexpectedly (Trip)",
    "",
    "MBMS tripped: a contactor opened without being asked.",
  ],
  ["DcdcFault", "DC-DC Converter Fault", "", "The DC-DC converter reports a fault."],
  ["DcdcOn", "DC-DC Converter On", "", "The DC-DC converter is on."],
  ["DischargeEnable", "Discharging Allowed", "", "MBMS allows discharging."],
  ["DischargeShouldTrip", "Discharge Should Trip", "", "MBMS wants to stop discharging."],
  ["En1", "MBMS Enable Line (EN1)", "", "MBMS's EN1 enable line is on."],
  ["EsdEnabledTrip", "Emergency Stop (Trip)", "", "MBMS tripped: emergency shutdown pressed."],
  ["ExternalShutdown", "External Shutdown", "", "An external shutdown is requested."],
  ["Heartbeat", "MBMS Heartbeat", "", "The MBMS board is alive."],
  ["HighCellVoltageTrip", "High Cell Voltage Trip", "", "MBMS tripped on a high cell."],
  ["HighCellVoltageWarning", "High Cell Voltage Warning", "", "A cell is near its maximum."],
  ["HighTemperatureTrip", "High Temperature Trip", "", "MBMS tripped on pack temperature."],
  ["HighTemperatureWarning", "High Temperature Warning", "", "The pack is running hot."],
  ["Key", "Key Switch On", "", "The car's key switch is on."],
  ["LowCellVoltageTrip", "Low Cell Voltage Trip", "", "MBMS tripped on a low cell."],
  ["LowCellVoltageWarning", "Low Cell Voltage Warning", "", "A cell is near its minimum."],
  ["LowTemperatureTrip", "Low Temperature Trip", "", "MBMS tripped on a cold pack."],
  ["LowTemperatureWarning", "Low Temperature Warning", "", "The pack is cold."],
  ...mbmsCircuit("Lv", "LV"),
  ["MainPowerSwitch", "Main Power Switch", "", "The main power switch is on."],
  ...mbmsCircuit("Motor", "Motor"),
  ["MpsDisabledTrip", "Main Power Switch Off (Trip)", "", "MBMS tripped: main power switched off."],
  ["OrionCanReceivedRecently", "Orion BMS Messages Arriving", "", "MBMS hears the Orion BMS."],
  ["OrionMessageTimeoutTrip", "Orion BMS Silent (Trip)", "", "MBMS tripped: the BMS went quiet."],
  ["ProtectionTrip", "MBMS Protection Trip", "", "MBMS tripped to protect the pack."],
  [
    "StartupState",
    "MBMS Startup State (code)",
    "",
    "Number MBMS reports for its start-up step; what each number means is not documented.",
  ],
  ["StrobeBmsLight", "BMS Strobe Light", "", "The BMS warning strobe is on."],
  [
    "SystemState",
    "MBMS System State (code)",
    "",
    "Number MBMS reports for its state; what each number means is not documented.",
  ],
  ["ThreeAOc", "3 A Overcurrent", "", "A 3 A supply draws too much."],
];

const MPPT: Entry[] = [0, 1, 2, 3].flatMap((unit) =>
  [0, 1].flatMap((ch): Entry[] => {
    const key = `Mppt${unit}Ch${ch}`;
    const name = `MPPT ${unit} Channel ${ch}`;
    const where = `solar tracker ${unit}, channel ${ch}`;
    return [
      [`${key}ArrayCurrent`, `${name} Array Current`, "A", `Array current into ${where}.`],
      [`${key}ArrayVoltage`, `${name} Array Voltage`, "V", `Array voltage at ${where}.`],
      [`${key}BatteryVoltage`, `${name} Battery Voltage`, "V", `Battery side voltage of ${where}.`],
      [`${key}UnitTemperature`, `${name} Temperature`, "°C", `Temperature of ${where}.`],
    ];
  }),
);

const MOTOR: Entry[] = [
  ["ActiveMotor", "Active Motor Profile", "", "Which motor configuration the controller uses."],
  ["BEMF_D", "Back EMF D-Axis", "V", "Back EMF, direct axis."],
  ["BEMF_Q", "Back EMF Q-Axis", "V", "Back EMF, quadrature axis (rises with speed)."],
  ["BusCurrent", "Bus Current", "A", "DC current the controller draws from the pack."],
  ["BusVoltage", "Bus Voltage", "V", "DC voltage at the controller."],
  ["DC_Bus_Ah", "DC Bus Amp-Hours", "Ah", "Charge the controller has drawn, as it counts it."],
  ["DspBoardTemperature", "DSP Board Temperature", "°C", "Temperature of the control board."],
  ["ErrorFlags", "Error Flags", "", "Controller errors, one bit each (decoded where shown)."],
  ["HeatsinkTemperature", "Heatsink Temperature", "°C", "Temperature of the power stage."],
  ["Id", "D-Axis Current (Id)", "A", "Motor current, direct axis."],
  ["Iq", "Q-Axis Current (Iq)", "A", "Motor current, quadrature axis (makes torque)."],
  ["LimitFlags", "Limit Flags", "", "Which control loop limits the motor now (decoded)."],
  ["MotorId", "Controller ID", "", "Identifier of this motor controller."],
  ["MotorTemperature", "Temperature", "°C", "Temperature of the motor."],
  ["MotorVelocity", "Speed", "rpm", "Motor shaft speed."],
  ["Odometer", "Odometer", "m", "Distance this controller has counted."],
  ["PhaseCurrentB", "Phase B Current", "A", "Current in motor phase B."],
  ["PhaseCurrentC", "Phase C Current", "A", "Current in motor phase C."],
  ["RxErrorCount", "CAN Receive Errors", "", "CAN receive errors the controller counted."],
  ["SerialNumber", "Serial Number", "", "Serial number of the controller."],
  ["SlipSpeed", "Slip Speed", "Hz", "Slip between rotor and field."],
  ["Supply15V", "15 V Rail", "V", "The controller's 15 V supply."],
  ["Supply1V9", "1.9 V Rail", "V", "The controller's 1.9 V supply."],
  ["Supply3V3", "3.3 V Rail", "V", "The controller's 3.3 V supply."],
  ["TritiumId", "Tritium ID", "", "Device identifier the Tritium controller reports."],
  ["TxErrorCount", "CAN Transmit Errors", "", "CAN transmit errors the controller counted."],
  ["Vd", "D-Axis Voltage (Vd)", "V", "Motor voltage, direct axis."],
  [
    "VehicleVelocity",
    "Vehicle Velocity",
    "m/s",
    "Car speed from this motor's rpm; both controllers report it, so the lines overlap.",
  ],
  ["Vq", "Q-Axis Voltage (Vq)", "V", "Motor voltage, quadrature axis."],
];

function motor(index: 0 | 1): [FieldPath, FieldText][] {
  return MOTOR.map(([key, label, unit, description]) => {
    const text: FieldText = {
      label: `Motor ${index} ${label}`,
      unit,
      description: `Motor controller ${index} (Tritium WaveSculptor): ${description}`,
    };
    if (key === "ErrorFlags") text.bits = MOTOR_ERROR_BITS;
    if (key === "LimitFlags") text.bits = MOTOR_LIMIT_BITS;
    return [`MotorDetails${index}.${key}`, text];
  });
}

const SENSORS: Entry[] = [1, 2, 3, 4].map((n) => [
  `ProximitySensor${n}`,
  `Proximity Sensor ${n}`,
  "",
  `Reading of proximity sensor ${n} (raw; unit not documented).`,
]);

const gpsPart = (part: string): Entry => [
  `Gps${part}`,
  `GPS ${part}`,
  "",
  `${part} of the GPS receiver's date and time.`,
];
const axes = (kind: "Acceleration" | "Rotation", unit: string, what: string): Entry[] =>
  ["X", "Y", "Z"].map((axis) => [
    `Mpu${kind}${axis}`,
    `IMU ${kind} ${axis}`,
    unit,
    `${what} about the ${axis} axis, from the motion sensor (MPU).`,
  ]);
const TELEMETRY: Entry[] = [
  ["GpsAdditionalFlags", "GPS Extra Flags (code)", "", "GPS receiver flags (not documented)."],
  gpsPart("Day"),
  ["GpsFixStatusFlags", "GPS Fix Status (code)", "", "GPS fix type code (not documented)."],
  gpsPart("Hour"),
  ["GpsLatitude", "GPS Latitude", "°", "Car latitude from GPS."],
  ["GpsLongitude", "GPS Longitude", "°", "Car longitude from GPS."],
  gpsPart("Minute"),
  gpsPart("Month"),
  gpsPart("Second"),
  ["GpsValidityFlags", "GPS Validity Flags (code)", "", "GPS validity bits (not documented)."],
  gpsPart("Year"),
  ...axes("Acceleration", "g", "Acceleration"),
  ...axes("Rotation", "°/s", "Rotation rate"),
  ["MpuTemperature", "IMU Temperature", "°C", "Temperature of the motion sensor."],
];

/** Every field's label, unit and description, keyed by field path. */
export const FIELD_TEXT: ReadonlyMap<FieldPath, FieldText> = new Map([
  ...entries("B3.", DRIVER_CONTROLS),
  ...entries("Battery.", BATTERY),
  ...entries("BatteryFaults.Errors.", BATTERY_ERRORS),
  ...entries("BatteryFaults.Warnings.", BATTERY_WARNINGS),
  ...(["Array", "Charge", "Common", "Lv", "Motor"] as const).flatMap((prefix) =>
    entries("Contactor.", contactor(prefix)),
  ),
  ...entries("KeyMotor.", KEY_MOTOR),
  ...entries("MBMS.", MBMS),
  ...entries("MPPT.", MPPT),
  ...motor(0),
  ...motor(1),
  ...entries("Pi.", [["Rfid", "Driver RFID Tag", "", "RFID tag of the driver in the car."]]),
  ...entries("ProximitySensors.", SENSORS),
  ...entries("Telemetry.", TELEMETRY),
  ...entries("", [
    ["TimeStamp", "Packet Time", "s", "When the car sent the packet (epoch seconds)."],
    ["Title", "Packet Title", "", "Name the car puts on its packets."],
  ]),
]);

/**
 * The energy stage's running totals (laps/analysis/energyStage.ts): history
 * columns, not packet fields, named here with the packet's so that no two
 * labels are alike and a math channel cannot take one of their names or
 * labels (math/channelRegistry.ts). A lap's or sector's figure is the
 * difference of a total at its two edges.
 */
export const ENERGY_COLUMN_TEXT: ReadonlyMap<FieldPath, FieldText> = new Map([
  ...entries("Energy.", [
    [
      "PackOutTotal",
      "Pack Energy Out (Running Total)",
      "Wh",
      `Pack voltage × pack current summed over time since the history began (discharge positive); a pause in the data longer than ${MAX_STEP_SECONDS} s adds nothing.`,
    ],
    [
      "ArrayInTotal",
      "Array Energy In (Running Total)",
      "Wh",
      `MPPT array power (all 8 channels) summed over time since the history began; a pause in the data longer than ${MAX_STEP_SECONDS} s adds nothing.`,
    ],
    [
      "TrackDistanceTotal",
      "GPS Track Distance (Running Total)",
      "m",
      "Distance along the GPS track since the history began; a jump over 1 km between two fixes is a GPS glitch and not counted.",
    ],
  ]),
]);
