// The four layouts a team starts from. They cannot be changed or deleted: a
// change is saved under a new name ("Save as"), so the starting points stay.
import { DEFAULT_MAP_SETTINGS, viewOf } from "../mapSettings";
import type { PlotLayout } from "../plotLayout/plotLayout";
import type { Workspace } from "./layoutSchema";

export interface BuiltInLayout {
  id: string;
  name: string;
  /** What it is for, shown under its name in the menu. */
  about: string;
  workspace: Workspace;
}

const plots = (window: PlotLayout["window"], list: PlotLayout["plots"]): PlotLayout => ({
  version: 1,
  window,
  plots: list,
});

const speedMap = viewOf(DEFAULT_MAP_SETTINGS);
const BATTERY_FAULTS = [
  "BatteryFaults.Errors.LowCellVoltageFault",
  "BatteryFaults.Errors.WeakCellFault",
  "BatteryFaults.Errors.WeakPackFault",
  "BatteryFaults.Errors.ThermistorFault",
  "BatteryFaults.Errors.CurrentSensorFault",
  "BatteryFaults.Errors.HighVoltageIsolationFault",
  "BatteryFaults.Errors.DischargeLimitEnforcementFault",
  "BatteryFaults.Errors.ChargeLimitEnforcementFault",
];

export const BUILT_IN_LAYOUTS: readonly BuiltInLayout[] = [
  {
    id: "builtin:strategist",
    name: "Race strategist",
    about: "Charge, power in and out, speed; the Strategy tab",
    workspace: {
      tab: "strategy",
      plots: plots("1h", [
        { id: "soc", fields: ["Battery.PackStateOfCharge"] },
        { id: "power", fields: ["Derived.MpptArrayPower", "Derived.MotorBusPower"], tall: true },
        { id: "speed", fields: ["MotorDetails0.VehicleVelocity"] },
        { id: "pack-power", fields: ["Derived.PackPower"] },
      ]),
      map: speedMap,
      hiddenTiles: [],
    },
  },
  {
    id: "builtin:battery",
    name: "Battery",
    about: "Cells, temperatures and faults; the Battery tab",
    workspace: {
      tab: "battery",
      plots: plots("10m", [
        {
          id: "cells",
          fields: [
            "Battery.HighCellVoltage",
            "Battery.AverageCellVoltage",
            "Battery.LowCellVoltage",
          ],
          tall: true,
        },
        {
          id: "temperatures",
          fields: [
            "Battery.HighTemperature",
            "Battery.AverageTemperature",
            "Battery.LowTemperature",
          ],
        },
        { id: "pack", fields: ["Battery.PackVoltage", "Battery.PackCurrent"] },
        { id: "faults", fields: BATTERY_FAULTS, timeline: true },
      ]),
      map: { ...speedMap, colorField: "Battery.PackCurrent" },
      hiddenTiles: ["MotorDetails0.VehicleVelocity", "Derived.MotorBusPower"],
    },
  },
  {
    id: "builtin:motors",
    name: "Motors and drive",
    about: "Speed, currents, temperatures and pedals; the Motors tab",
    workspace: {
      tab: "motors",
      plots: plots("2m", [
        { id: "speed", fields: ["MotorDetails0.VehicleVelocity", "MotorDetails1.VehicleVelocity"] },
        { id: "bus-current", fields: ["MotorDetails0.BusCurrent", "MotorDetails1.BusCurrent"] },
        {
          id: "motor-heat",
          fields: [
            "MotorDetails0.MotorTemperature",
            "MotorDetails1.MotorTemperature",
            "MotorDetails0.HeatsinkTemperature",
            "MotorDetails1.HeatsinkTemperature",
          ],
        },
        { id: "pedals", fields: ["B3.Acceleration", "B3.RegenBraking", "B3.BrakeSwitchDigital"] },
      ]),
      map: speedMap,
      hiddenTiles: ["Battery.LowCellVoltage", "Battery.HighCellVoltage"],
    },
  },
  {
    id: "builtin:analyst",
    name: "Analyst",
    about: "Laps and statistics over the day; the Laps tab",
    workspace: {
      tab: "laps",
      plots: plots("today", [
        { id: "soc", fields: ["Battery.PackStateOfCharge"] },
        { id: "speed", fields: ["MotorDetails0.VehicleVelocity"] },
        { id: "power", fields: ["Derived.MpptArrayPower", "Derived.MotorBusPower"] },
        {
          id: "temperature",
          fields: ["Battery.HighTemperature", "MotorDetails0.MotorTemperature"],
        },
      ]),
      map: { ...speedMap, colorField: "Derived.MotorBusPower" },
      hiddenTiles: [],
    },
  },
];
