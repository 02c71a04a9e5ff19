// Human labels and metric display units derived from wire key names.
// Units follow what the car's controllers send (the wire is not rescaled):
// Tritium WaveSculptor motor controllers report VehicleVelocity in m/s and
// MotorVelocity in rpm, so MotorDetails*.VehicleVelocity is labelled "m/s"
// (imperial: mph) and the demo simulator must send m/s too.

/** Acronyms as written on the wire in CamelCase, shown upper-case. */
const ACRONYMS: Record<string, string> = {
  Mppt: "MPPT",
  Gps: "GPS",
  Mpu: "MPU",
  Lv: "LV",
  Bps: "BPS",
  Bmu: "BMU",
  Dsp: "DSP",
  Soc: "SOC",
  Ccl: "CCL",
  Dcl: "DCL",
  Rx: "RX",
  Tx: "TX",
  Dcdc: "DC-DC",
  Esd: "ESD",
  Mps: "MPS",
  Oc: "OC",
  Can: "CAN",
  Rfid: "RFID",
  Bms: "BMS",
  Chg: "Charge",
};

// Order matters: "1V9" style supply rails, then acronyms ending before a
// capitalised word, then ordinary words, then numbers.
const TOKEN = /B3(?=[A-Z]|$)|\d+V\d*|[A-Z]+(?![a-z])|[A-Z][a-z]+|[a-z]+|\d+/g;

function renderToken(token: string, wholeKey: string): string {
  const rail = /^(\d+)V(\d*)$/.exec(token);
  if (rail) return rail[2] ? `${rail[1]}.${rail[2]}V` : `${rail[1]}V`;
  if (token === "Id" && wholeKey !== "Id") return "ID";
  return ACRONYMS[token] ?? token;
}

/** "PackVoltage" → "Pack Voltage", "Mppt0Ch1ArrayCurrent" → "MPPT 0 Ch 1 Array Current". */
export function labelForKey(key: string): string {
  const words: string[] = [];
  for (const part of key.split("_")) {
    for (const token of part.match(TOKEN) ?? []) words.push(renderToken(token, key));
  }
  return words.join(" ");
}

/** Metric display unit for a numeric field, from its wire key. "" when unitless. */
export function unitForKey(key: string): string {
  if (key === "TimeStamp") return "s";
  if (key === "GpsLatitude" || key === "GpsLongitude") return "°";
  if (/Id$/.test(key) && key !== "Id") return ""; // cell / thermistor / board ids
  if (/StateOfCharge|DepthOfDischarge/.test(key)) return "%";
  if (/Flags|Count|State|Cells|Alive|ActiveMotor|Gps(Year|Month|Day|Hour|Minute|Second)/.test(key))
    return "";
  if (key === "VehicleVelocity") return "m/s";
  if (/Velocity$/.test(key) || key === "FanSpeed") return "rpm";
  if (key === "SlipSpeed") return "Hz";
  if (key === "Odometer") return "m";
  if (/Temperature/.test(key)) return "°C";
  if (/Amphours|_Ah$/.test(key)) return "Ah";
  if (key === "Acceleration" || key === "RegenBraking") return "%"; // pedal position
  if (/^MpuAcceleration/.test(key)) return "g";
  if (/^MpuRotation/.test(key)) return "°/s";
  if (/Voltage|\d+V\d*$|^V[dq]$|^BEMF_/.test(key)) return "V";
  if (/Current|^I[dq]$/.test(key)) return "A";
  return "";
}
