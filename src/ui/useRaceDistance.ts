// A raceInfo distance formatter in the current units, shared by the race card
// and the status bar (both need the velocity's unit from the field catalog).
import { useSnapshot } from "valtio";
import { appState } from "../state/appState";
import { useFieldCatalog } from "./useFieldCatalog";
import { raceDistance } from "./format/raceFormat";

export function useRaceDistance(): (value: number) => string {
  const catalog = useFieldCatalog();
  const velocityUnit = catalog?.find((f) => f.path === "MotorDetails0.VehicleVelocity")?.unit;
  const { appUnits } = useSnapshot(appState);
  return (value: number) => raceDistance(value, velocityUnit, appUnits);
}
