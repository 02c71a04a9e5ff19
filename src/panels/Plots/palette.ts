// The palette lives in src/ui/plotPalette.ts (the lap compare view uses it too).
export * from "../../ui/plotPalette";
