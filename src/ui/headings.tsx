// Headings that keep the page outline in order for screen readers (h1 is the
// app's name in the navbar, h2 a panel's sections and cards, h3 the sections
// inside a dialog, whose title is an h2) while looking as small as Blueprint's
// h5/h6. Also usable as a Blueprint Section's titleRenderer.
import { Classes } from "@blueprintjs/core";
import type { HTMLAttributes } from "react";
import "./headings.css";

type HeadingProps = HTMLAttributes<HTMLHeadingElement>;

const classes = (className: string | undefined) =>
  `${Classes.HEADING} helios-small-heading ${className ?? ""}`.trim();

export function PanelHeading({ className, ...props }: HeadingProps) {
  return <h2 className={classes(className)} {...props} />;
}

export function DialogHeading({ className, ...props }: HeadingProps) {
  return <h3 className={classes(className)} {...props} />;
}
