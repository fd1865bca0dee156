import styles from "./Badge.module.css";

export type BadgeTone =
  "green" | "gray" | "blue" | "teal" | "grape" | "orange" | "red" | "yellow" | "outline" | "default";

/** The one badge: a tone, uppercase unless `asWritten` ('2 de 9'). */
export function Badge({
  tone = "gray",
  asWritten = false,
  className,
  ...span
}: { tone?: BadgeTone; asWritten?: boolean } & React.ComponentProps<"span">) {
  let names = `${styles.badge} ${styles[tone]}`;
  if (asWritten) names += ` ${styles.asWritten}`;
  if (className) names += ` ${className}`;
  return <span {...span} className={names} />;
}

/** Badges side by side, wrapping. */
export function BadgeGroup({ children }: { children: React.ReactNode }) {
  return <span className={styles.group}>{children}</span>;
}
