// Blueprint's NonIdealState with its title at the right outline level
// (NonIdealState always renders an h4, which skips levels under our h1/h2).
import { NonIdealState, type NonIdealStateProps } from "@blueprintjs/core";
import { DialogHeading, PanelHeading } from "./headings";

interface EmptyStateProps extends Omit<NonIdealStateProps, "title" | "description"> {
  title: string;
  description?: string;
  /** Where it is shown: a tab's panel (h2) or a dialog (h3). */
  in?: "panel" | "dialog";
}

export function EmptyState({ title, description, in: where = "panel", ...props }: EmptyStateProps) {
  const Heading = where === "dialog" ? DialogHeading : PanelHeading;
  return (
    <NonIdealState
      {...props}
      description={
        <div>
          <Heading className="helios-empty-title">{title}</Heading>
          {description && <div>{description}</div>}
        </div>
      }
    />
  );
}
