import styles from "./Table.module.css";

/**
 * The one table: `spacingY` / `spacingX` are CSS lengths for the cells' padding (or a page's
 * class sets --table-spacing-y / --table-spacing-x); `hover` highlights the row under the
 * pointer, `striped` shades every other row. Its rows and cells are plain elements.
 */
export function Table({
  spacingY,
  spacingX,
  hover = false,
  striped = false,
  className,
  style,
  ...table
}: { spacingY?: string; spacingX?: string; hover?: boolean; striped?: boolean } & React.ComponentProps<"table">) {
  let names = hover ? `${styles.table} ${styles.hover}` : styles.table;
  if (striped) names += ` ${styles.striped}`;
  if (className) names += ` ${className}`;
  const spacing =
    spacingY || spacingX
      ? ({ "--table-spacing-y": spacingY, "--table-spacing-x": spacingX, ...style } as React.CSSProperties)
      : style;
  return <table {...table} className={names} style={spacing} />;
}

/** A box that lets a wide table scroll sideways (give it role, name and tabIndex to make it a region). */
export function TableScroll({ className, ...div }: React.ComponentProps<"div">) {
  return <div {...div} className={className ? `${styles.scroll} ${className}` : styles.scroll} />;
}
