import { useId } from "react";

import styles from "./Field.module.css";

/*
 * Labelled fields as plain elements (a label, the control, a description or an error under it),
 * styled by Field.module.css: fields render on every view of busy pages and repeat down them
 * (the standings' filters, the add-match form), where a tree of components per field costs
 * server time. The error is wired to the control (aria-invalid, aria-describedby).
 */

export interface FieldFrame {
  label: string;
  /** Shown under the field (and read with it by screen readers). */
  description?: string;
  /** Shown under the field in the error colour; the control is marked invalid. */
  error?: string;
  /** On the field's outer box (e.g. to let it grow in a row). */
  className?: string;
  style?: React.CSSProperties;
  /** Marks the label with a red asterisk (and the control as required). */
  required?: boolean;
}

function describedBy(id: string, description?: string, error?: string): string | undefined {
  const ids = [description && `${id}-description`, error && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function Frame({
  id,
  label,
  description,
  error,
  className,
  style,
  required,
  children,
}: FieldFrame & { id: string; children: React.ReactNode }) {
  return (
    <div className={className ? `${styles.root} ${className}` : styles.root} style={style}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden>
            {" *"}
          </span>
        )}
      </label>
      {children}
      {description && (
        <p className={styles.description} id={`${id}-description`}>
          {description}
        </p>
      )}
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select (the phone's own picker). */
export function SelectField({
  label,
  description,
  error,
  className,
  style,
  options,
  ...select
}: FieldFrame & { options: readonly SelectOption[] } & Omit<
    React.ComponentProps<"select">,
    "children" | "className" | "style" | "id"
  >) {
  const id = useId();
  return (
    <Frame
      id={id}
      label={label}
      description={description}
      error={error}
      className={className}
      style={style}
      required={select.required}
    >
      <div className={styles.control}>
        <select
          {...select}
          id={id}
          className={`${styles.input} ${styles.select}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, description, error)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className={styles.chevron} width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden>
          <path
            d="M4.5 6.5 8 10l3.5-3.5"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    </Frame>
  );
}

/** An input with the field look and no label of its own (give it an aria-label). */
export function BareInput({ className, ...input }: React.ComponentProps<"input">) {
  return <input {...input} className={className ? `${styles.input} ${className}` : styles.input} />;
}

/** A labelled input of any type (text, search, number, datetime-local, file…). */
export function TextField({
  label,
  description,
  error,
  className,
  style,
  ...input
}: FieldFrame & Omit<React.ComponentProps<"input">, "className" | "style" | "id">) {
  const id = useId();
  return (
    <Frame
      id={id}
      label={label}
      description={description}
      error={error}
      className={className}
      style={style}
      required={input.required}
    >
      <BareInput
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, description, error)}
      />
    </Frame>
  );
}

/**
 * A labelled textarea that grows with its text between `minRows` and `maxRows` lines (CSS
 * `field-sizing: content`; a browser without it keeps `minRows` and scrolls).
 */
export function TextAreaField({
  label,
  description,
  error,
  className,
  style,
  minRows = 3,
  maxRows = 12,
  ...textarea
}: FieldFrame & { minRows?: number; maxRows?: number } & Omit<
    React.ComponentProps<"textarea">,
    "className" | "style" | "id" | "rows"
  >) {
  const id = useId();
  return (
    <Frame
      id={id}
      label={label}
      description={description}
      error={error}
      className={className}
      style={style}
      required={textarea.required}
    >
      <textarea
        {...textarea}
        id={id}
        rows={minRows}
        className={`${styles.input} ${styles.textarea}`}
        style={{ "--min-rows": minRows, "--max-rows": maxRows } as React.CSSProperties}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, description, error)}
      />
    </Frame>
  );
}
