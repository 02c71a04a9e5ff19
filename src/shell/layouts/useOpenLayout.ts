// Opening a layout in this window: its plots, map view and glance tiles
// replace the window's, its tab is shown, and it becomes the window's choice.
// A layout that carries its own favourites offers them (the app keeps one
// list): they replace the current ones only when asked.
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { chooseLayout, type LayoutEntry } from "../../state/layouts/layoutLibrary";
import type { Workspace } from "../../state/layouts/layoutSchema";
import {
  offersFavourites,
  showWorkspace,
  takeLayoutFavourites,
} from "../../state/layouts/workspace";
import { notify } from "../notifications/notificationCenter";
import { TABS } from "../navbar/tabs";

/** The path of a layout's tab (the Overview for a tab this version does not have). */
export const tabPath = (tab: string): string => TABS.find((t) => t.id === tab)?.path ?? "/";

export function useOpenLayout(): (layout: Pick<LayoutEntry, "id" | "name" | "workspace">) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (layout) => {
      showWorkspace(layout.workspace);
      chooseLayout(layout.id);
      navigate({ pathname: tabPath(layout.workspace.tab), search });
      offerFavourites(layout.name, layout.workspace);
    },
    [navigate, search],
  );
}

function offerFavourites(name: string, workspace: Workspace): void {
  if (!offersFavourites(workspace)) return;
  const count = workspace.favourites?.length ?? 0;
  notify({
    title: "Favourites in this layout",
    message: `“${name}” has its own ${count} favourite${count === 1 ? "" : "s"}. Yours are kept unless you use its.`,
    intent: "primary",
    actions: [{ text: "Use its favourites", onClick: () => takeLayoutFavourites(workspace) }],
  });
}
