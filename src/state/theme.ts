import type { ThemeChoice } from "./settingsSchema";

type ResolvedTheme = "light" | "dark";

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): ResolvedTheme {
  if (choice === "system") return systemPrefersDark ? "dark" : "light";
  return choice;
}

/** The `t` hotkey: flip what is shown, which makes the choice explicit. */
export function toggledTheme(shown: ResolvedTheme): ThemeChoice {
  return shown === "dark" ? "light" : "dark";
}
