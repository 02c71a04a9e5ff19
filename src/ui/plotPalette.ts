// The plots' palette, shared by the live plots and the lap compare view.
// Series colours that stay apart from each other and from the background in
// both themes: Blueprint's core hues, a shade darker on light, lighter on dark.
export type PlotTheme = "light" | "dark";

const SERIES: Record<PlotTheme, readonly string[]> = {
  light: ["#2D72D2", "#CD4246", "#238551", "#C87619", "#7961DB", "#00A396", "#DB2C6F", "#8F6B00"],
  dark: ["#4C90F0", "#E76A6E", "#32A467", "#EC9A3C", "#9881F3", "#13C9BA", "#F5498B", "#F0B726"],
};

export function seriesColor(theme: PlotTheme, index: number): string {
  const colors = SERIES[theme];
  return colors[index % colors.length]!;
}

interface ChromeColors {
  axis: string;
  grid: string;
  cursor: string;
  select: string;
}

export const CHROME: Record<PlotTheme, ChromeColors> = {
  light: {
    axis: "#5F6B7C",
    grid: "rgba(17, 20, 24, 0.09)",
    cursor: "#404854",
    select: "rgba(45, 114, 210, 0.15)",
  },
  dark: {
    axis: "#ABB3BF",
    grid: "rgba(255, 255, 255, 0.09)",
    cursor: "#C5CBD3",
    select: "rgba(76, 144, 240, 0.2)",
  },
};
