// The New window command (navbar button, key n) offers the layouts to open the
// window with: this window's first, then the others. "As it was last" opens
// it on what that window name showed before (or the default plots).
import { Button, Menu, MenuDivider, MenuItem, Popover, Tooltip } from "@blueprintjs/core";
import { useSnapshot } from "valtio";
import { openNewWindow } from "../../actions/windowActions";
import { allLayouts, layoutLibrary } from "../../state/layouts/layoutLibrary";
import { layoutDialogs } from "./layoutDialogs";

export function NewWindowMenu() {
  const { saved, chosen } = useSnapshot(layoutLibrary);
  const { newWindow } = useSnapshot(layoutDialogs);
  const layouts = allLayouts(saved as typeof layoutLibrary.saved);
  const mine = layouts.find((layout) => layout.id === chosen);
  const others = layouts.filter((layout) => layout !== mine);
  const open = (id: string | null) => {
    layoutDialogs.newWindow = false;
    openNewWindow(id);
  };
  return (
    <Popover
      isOpen={newWindow}
      onInteraction={(next) => (layoutDialogs.newWindow = next)}
      placement="bottom-end"
      // Keyboard users land on the first choice: Enter opens it.
      onOpened={(element) => element.querySelector<HTMLElement>("a.bp6-menu-item")?.focus()}
      content={
        <Menu aria-label="Open a new window with" data-testid="new-window-menu">
          <MenuDivider title="Open a new window with" />
          {mine && (
            <MenuItem
              icon="page-layout"
              text={mine.name}
              label="this window's"
              onClick={() => open(mine.id)}
            />
          )}
          {others.map((layout) => (
            <MenuItem
              key={layout.id}
              icon="blank"
              text={layout.name}
              label={layout.builtIn ? "built in" : undefined}
              onClick={() => open(layout.id)}
            />
          ))}
          <MenuDivider />
          <MenuItem
            icon="application"
            text="No layout: as that window was last"
            onClick={() => open(null)}
          />
        </Menu>
      }
    >
      <Tooltip content="New window: another view of the same car (n)" disabled={newWindow}>
        <Button
          variant="minimal"
          icon="add-application"
          aria-label="New window"
          data-testid="new-window"
        />
      </Tooltip>
    </Popover>
  );
}
