import classes from "./Page.module.css";

const WIDTHS = { xs: "33.75rem", sm: "45rem", md: "60rem", lg: "71.25rem", xl: "82.5rem" } as const;

/**
 * The frame of every screen: a centred column (Mantine's container widths) with the screen's
 * title and its main action. Plain markup: it renders on every request of every page.
 */
export function Page({
  title,
  description,
  action,
  size = "lg",
  children,
}: {
  title: string;
  description?: React.ReactNode;
  /** Beside the title on wide screens, below it on phones (e.g. 'Crear Quiniela'). */
  action?: React.ReactNode;
  size?: keyof typeof WIDTHS;
  children?: React.ReactNode;
}) {
  return (
    <div
      className={classes.page}
      style={{ "--page-width": `calc(${WIDTHS[size]} * var(--mantine-scale))` } as React.CSSProperties}
    >
      <div className={action ? `${classes.heading} ${classes.withAction}` : classes.heading}>
        <div className={classes.titles}>
          <h1 className={classes.title}>{title}</h1>
          {description && <p className={classes.description}>{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </div>
  );
}
