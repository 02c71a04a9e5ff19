// The navbar's layout menu: the window's layout by name (marked when changed
// since it was saved), the saved and built-in layouts to switch to, and the
// commands: save, save as, rename, delete, export, import, share a link.
import { Button, Menu, MenuDivider, MenuItem, Popover } from "@blueprintjs/core";
import { useRef } from "react";
import { useLocation } from "react-router";
import { useSnapshot } from "valtio";
import { glanceTiles } from "../../state/glanceTiles";
import {
  allLayouts,
  deleteLayout,
  layoutLibrary,
  restoreLayout,
  saveLayout,
  unreadableLayoutsText,
} from "../../state/layouts/layoutLibrary";
import { layoutFileText } from "../../state/layouts/layoutSchema";
import { currentWorkspace, sameWorkspace } from "../../state/layouts/workspace";
import { mapSettings } from "../../state/mapSettings";
import { plotLayout } from "../../state/plotLayout/plotLayoutStore";
import { windowIdentity } from "../../state/windowName";
import { downloadBlob } from "../../ui/downloadBlob";
import { selectedTabId } from "../navbar/tabs";
import { notify } from "../notifications/notificationCenter";
import { layoutDialogs } from "./layoutDialogs";
import { importLayoutFile } from "./importLayoutFile";
import { shareLayoutLink } from "./shareLayoutLink";
import { useOpenLayout } from "./useOpenLayout";
import { HiddenFileInput } from "../../ui/HiddenFileInput";

/** This window's layout, its name, and whether it was changed since it was opened or saved. */
export function useShownLayout() {
  const { saved, chosen } = useSnapshot(layoutLibrary);
  // Read so that a change to any part of the workspace redraws the mark.
  useSnapshot(plotLayout);
  useSnapshot(mapSettings);
  useSnapshot(glanceTiles);
  const { name: windowName } = useSnapshot(windowIdentity);
  const tab = selectedTabId(useLocation().pathname);
  const entry =
    allLayouts(saved as typeof layoutLibrary.saved).find((l) => l.id === chosen) ?? null;
  const workspace = currentWorkspace(tab);
  const changed = entry !== null && !sameWorkspace(entry.workspace, workspace);
  // What a file or a link of it carries: favourites too when the layout has its own.
  const carried = currentWorkspace(tab, entry?.workspace.favourites !== undefined);
  return { entry, workspace, carried, changed, name: entry?.name ?? `${windowName} layout` };
}

/** The saved layouts' stored text that could not be read, as a file (nothing of it is lost). */
function downloadUnreadable(): void {
  const text = unreadableLayoutsText();
  if (text !== null)
    downloadBlob(new Blob([text], { type: "application/json" }), "helios-unreadable-layouts.json");
}

export function LayoutMenu() {
  const shown = useShownLayout();
  const { entry, changed } = shown;
  const { saved, unreadable } = useSnapshot(layoutLibrary);
  const openLayout = useOpenLayout();
  const input = useRef<HTMLInputElement>(null);
  const layouts = allLayouts(saved as typeof layoutLibrary.saved);
  const own = entry !== null && !entry.builtIn ? entry : null;
  const label = entry ? entry.name : "Unsaved layout";

  const remove = () => {
    if (!own) return;
    const removed = deleteLayout(own.id);
    if (removed)
      notify({
        title: "Layout deleted",
        message: `“${removed.name}” was deleted.`,
        intent: "none",
        actions: [{ text: "Undo", onClick: () => restoreLayout(removed) }],
      });
  };
  const exportFile = (all: boolean) => {
    const list = all
      ? layoutLibrary.saved.map(({ name, workspace }) => ({ name, workspace }))
      : [{ name: shown.name, workspace: shown.carried }];
    const base = all ? "helios-layouts" : fileBase(shown.name);
    downloadBlob(new Blob([layoutFileText(list)], { type: "application/json" }), `${base}.json`);
  };

  return (
    <>
      <Popover
        placement="bottom-end"
        content={
          <Menu aria-label="Layouts" data-testid="layout-menu">
            <MenuDivider title="Layouts" />
            {layouts.map((layout) => (
              <MenuItem
                key={layout.id}
                text={layout.name}
                label={layout.builtIn ? "built in" : undefined}
                icon={layout.id === entry?.id ? "tick" : "blank"}
                onClick={() => openLayout(layout)}
              />
            ))}
            {unreadable > 0 && (
              <MenuItem
                icon="warning-sign"
                intent="warning"
                text={`${unreadable} saved layout${unreadable === 1 ? "" : "s"} could not be read`}
                label="Download"
                title="They were set aside as they were stored: download them to mend or to send"
                onClick={downloadUnreadable}
              />
            )}
            <MenuDivider />
            <MenuItem
              icon="floppy-disk"
              text={own ? `Save “${own.name}”` : "Save"}
              disabled={!own || !changed}
              onClick={() => own && saveLayout(own.id, shown.carried)}
            />
            <MenuItem
              icon="add"
              text="Save as…"
              onClick={() => (layoutDialogs.name = { mode: "save" })}
            />
            <MenuItem
              icon="edit"
              text="Rename…"
              disabled={!own}
              onClick={() =>
                own && (layoutDialogs.name = { mode: "rename", id: own.id, name: own.name })
              }
            />
            <MenuItem icon="trash" text="Delete" intent="danger" disabled={!own} onClick={remove} />
            <MenuDivider />
            <MenuItem icon="export" text="Export this layout" onClick={() => exportFile(false)} />
            <MenuItem
              icon="export"
              text="Export all saved layouts"
              disabled={saved.length === 0}
              onClick={() => exportFile(true)}
            />
            <MenuItem icon="import" text="Import layouts…" onClick={() => input.current?.click()} />
            <MenuItem
              icon="link"
              text="Share as a link…"
              onClick={() => void shareLayoutLink(shown)}
            />
          </Menu>
        }
      >
        <Button
          variant="minimal"
          icon="page-layout"
          className="helios-navbar-layout"
          data-testid="layout-button"
          aria-label={`Layout: ${label}${changed ? " (changed)" : ""}`}
          title={
            changed ? "This window's layout, changed since it was saved" : "This window's layout"
          }
          text={
            <>
              {label}
              {changed && <span className="helios-layout-changed"> (changed)</span>}
            </>
          }
        />
      </Popover>
      <HiddenFileInput
        inputRef={input}
        accept=".json,application/json"
        testId="layout-import-input"
        onFile={(file) => void importLayoutFile(file, openLayout)}
      />
    </>
  );
}

/** A file name from a layout's name ("Race strategist" → "helios-layout-race-strategist"). */
function fileBase(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return slug ? `helios-layout-${slug}` : "helios-layout";
}
