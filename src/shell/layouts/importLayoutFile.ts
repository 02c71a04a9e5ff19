// Import layouts from a file: all of them or none. A good file's layouts are
// added to the saved ones (a taken name gets a number) and said in a toast;
// one layout can be opened from it at once. A bad one is said, and nothing changes.
import { addLayouts, type SavedLayout } from "../../state/layouts/layoutLibrary";
import { MAX_LAYOUT_FILE_BYTES, readLayoutFile } from "../../state/layouts/layoutSchema";
import { notify } from "../notifications/notificationCenter";

export async function importLayoutFile(
  file: File,
  open: (layout: SavedLayout) => void,
): Promise<SavedLayout[]> {
  const refused = (message: string) => {
    notify({
      title: "Layouts not imported",
      message: `${file.name}: ${message}`,
      intent: "danger",
    });
    return [];
  };
  if (file.size > MAX_LAYOUT_FILE_BYTES) return refused("the file is too large for a layout.");
  let text: string;
  try {
    text = await file.text();
  } catch {
    return refused("the file could not be read.");
  }
  const read = readLayoutFile(text, file.name.replace(/\.json$/i, "") || "Imported layout");
  if (!read.ok) return refused(read.error);
  let added: SavedLayout[];
  try {
    added = addLayouts(read.layouts);
  } catch (error) {
    return refused(error instanceof Error ? error.message : "they could not be saved.");
  }
  const names = added.map((layout) => `“${layout.name}”`).join(", ");
  const only = added.length === 1 ? added[0] : undefined;
  notify({
    title: added.length === 1 ? "Layout imported" : `${added.length} layouts imported`,
    message: `${names}: in the layout menu.`,
    intent: "success",
    actions: only ? [{ text: "Open it", onClick: () => open(only) }] : undefined,
  });
  return added;
}
