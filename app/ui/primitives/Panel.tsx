import styles from "./Panel.module.css";

/** A Mantine spacing step, or pixels. */
export type Space = "xs" | "sm" | "md" | "lg" | "xl" | number;

const space = (value: Space) => (typeof value === "number" ? `${value}px` : `var(--mantine-spacing-${value})`);

export interface PanelProps {
  /** The element: a plain box, or a section or article named by its heading. */
  as?: "div" | "section" | "article";
  padding?: Space;
  /** The padding from tablets up (48em), when it differs from a phone's. */
  paddingFromSm?: Space;
  radius?: "md" | "lg";
  /** On the page's own colour instead of raised (a notice, a sign-in form). */
  flat?: boolean;
  shadow?: boolean;
}

/** The one box: a bordered card (rounded lg, padding md unless told), its children in a column. */
export function Panel({
  as: Tag = "div",
  padding = "md",
  paddingFromSm,
  radius = "lg",
  flat = false,
  shadow = false,
  className,
  style,
  ...rest
}: PanelProps & React.HTMLAttributes<HTMLElement>) {
  let names = styles.box;
  if (flat) names += ` ${styles.flat}`;
  if (shadow) names += ` ${styles.shadow}`;
  if (className) names += ` ${className}`;
  const vars = {
    "--panel-padding": space(padding),
    "--panel-padding-sm": paddingFromSm === undefined ? undefined : space(paddingFromSm),
    "--panel-radius": radius === "lg" ? undefined : `var(--mantine-radius-${radius})`,
    ...style,
  } as React.CSSProperties;
  return <Tag {...rest} className={names} style={vars} />;
}
