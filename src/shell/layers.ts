// Layer order (spec §9). shell.css applies the same numbers as CSS variables to
// Blueprint's overlays, popovers and toaster; keep the two in step.
export const LAYERS = { app: 100, modal: 200, popover: 300, overlay: 400, max: 9999 } as const;
