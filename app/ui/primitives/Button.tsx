import { Link, type LinkProps } from "react-router";

import styles from "./Button.module.css";

export type ButtonVariant =
  "filled" | "light" | "default" | "danger" | "warning" | "success" | "subtleDanger" | "remove";
export type ButtonSize = "compact" | "sm" | "lg";

export interface ButtonLook {
  /** filled (the default), light, default (outlined), danger, warning, success, subtleDanger, remove. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/** The button classes, for an element that is not a <button> (a download link). */
export function buttonClass({
  variant = "filled",
  size = "sm",
  fullWidth = false,
  className,
}: ButtonLook = {}): string {
  let names = `${styles.button} ${styles[variant]}`;
  if (size !== "sm") names += ` ${styles[size]}`;
  if (fullWidth) names += ` ${styles.fullWidth}`;
  return className ? `${names} ${className}` : names;
}

/**
 * The one button. `busy` (its request runs) disables it, shows a spinner and is read as busy;
 * the type is "button" unless given, so only a form's own submit button submits.
 */
export function Button({
  variant,
  size,
  fullWidth,
  className,
  busy = false,
  disabled,
  type = "button",
  ...button
}: ButtonLook & { busy?: boolean } & Omit<React.ComponentProps<"button">, "className">) {
  return (
    <button
      {...button}
      type={type}
      className={buttonClass({ variant, size, fullWidth, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    />
  );
}

/** A link with the look of a button (navigation, never an action). */
export function ButtonLink({
  variant,
  size,
  fullWidth,
  className,
  ...link
}: ButtonLook & Omit<LinkProps, "className">) {
  return <Link {...link} className={buttonClass({ variant, size, fullWidth, className })} />;
}
