import { Checkbox, Combobox, Input } from "@mantine/core";
import { useEffect, useId, useRef } from "react";

/*
 * Mantine's NativeSelect, TextInput and Checkbox as plain markup with Mantine's own classes and
 * variables (size sm, default variant): the same look, the same label and description wiring,
 * for the fields that render on every view of a busy page or repeat down it (the standings'
 * filters, the admin's add-match form, the pools' match picker). As components, each field is a
 * dozen Mantine boxes, and one option of a NativeSelect is a component of its own: the add-match
 * form alone was a fifth of its page's server time. Forms that validate (errors under the
 * field) keep Mantine's components.
 */

const LABEL_STYLE = { "--input-label-size": "var(--mantine-font-size-sm)" } as React.CSSProperties;
const DESCRIPTION_STYLE = {
  "--input-description-size": "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))",
} as React.CSSProperties;
const INPUT_STYLE = {
  "--input-height": "var(--input-height-sm)",
  "--input-fz": "var(--mantine-font-size-sm)",
} as React.CSSProperties;
const DESCRIBED_INPUT_STYLE = { ...INPUT_STYLE, "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)" } as React.CSSProperties;
const SELECT_STYLE = { ...INPUT_STYLE, "--input-right-section-pointer-events": "none" } as React.CSSProperties;
const CHEVRON_STYLE = { "--combobox-chevron-size": "var(--combobox-chevron-size-sm)" } as React.CSSProperties;
const CHEVRON_PATH =
  "M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z";

interface FieldFrame {
  label: string;
  /** Shown under the field (and read with it by screen readers). */
  description?: string;
  /** On the field's outer box (e.g. to let it grow in a row). */
  className?: string;
}

function Frame({ id, label, description, className, children }: FieldFrame & { id: string; children: React.ReactNode }) {
  return (
    <div className={className ? `${Input.classes.root} ${className}` : Input.classes.root} data-size="sm">
      <label className={Input.classes.label} style={LABEL_STYLE} data-size="sm" htmlFor={id}>
        {label}
      </label>
      {children}
      {description && (
        <p className={Input.classes.description} style={DESCRIPTION_STYLE} data-size="sm" id={`${id}-description`}>
          {description}
        </p>
      )}
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select (the phone's own picker) with Mantine's look. */
export function SelectField({
  label,
  description,
  className,
  options,
  ...select
}: FieldFrame & { options: readonly SelectOption[] } & Omit<React.ComponentProps<"select">, "children" | "className" | "id">) {
  const id = useId();
  return (
    <Frame id={id} label={label} description={description} className={className}>
      <div className={Input.classes.wrapper} style={SELECT_STYLE} data-variant="default" data-size="sm" data-pointer data-with-right-section>
        <select
          {...select}
          id={id}
          className={Input.classes.input}
          data-variant="default"
          aria-describedby={description ? `${id}-description` : undefined}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div className={Input.classes.section} data-position="right">
          <svg className={Combobox.classes.chevron} style={CHEVRON_STYLE} data-size="sm" viewBox="0 0 15 15" fill="none" aria-hidden>
            <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
      </div>
    </Frame>
  );
}

/** An input with Mantine's look and no label of its own (give it an aria-label or a label). */
export function BareInput({
  wrapperClassName,
  described = false,
  ...input
}: React.ComponentProps<"input"> & { wrapperClassName?: string; described?: boolean }) {
  return (
    <div
      className={wrapperClassName ? `${Input.classes.wrapper} ${wrapperClassName}` : Input.classes.wrapper}
      style={described ? DESCRIBED_INPUT_STYLE : INPUT_STYLE}
      data-variant="default"
      data-size="sm"
    >
      <input {...input} className={input.className ? `${Input.classes.input} ${input.className}` : Input.classes.input} data-variant="default" />
    </div>
  );
}

/** A labelled text input (any type: search, datetime-local…) with Mantine's look. */
export function TextField({
  label,
  description,
  className,
  ...input
}: FieldFrame & Omit<React.ComponentProps<"input">, "className" | "id">) {
  const id = useId();
  return (
    <Frame id={id} label={label} description={description} className={className}>
      <BareInput {...input} id={id} described={Boolean(description)} aria-describedby={description ? `${id}-description` : undefined} />
    </Frame>
  );
}

// Checkbox.classes.root is the inline-input root; the checkbox's own root class (its sizes and
// colours) is not exported, so its variables are set here.
const CHECKBOX_STYLE = {
  "--checkbox-size": "calc(1.25rem * var(--mantine-scale))",
  "--checkbox-color": "var(--mantine-primary-color-filled)",
  "--checkbox-icon-color": "var(--mantine-color-white)",
  "--checkbox-radius": "var(--mantine-radius-sm)",
  "--label-fz": "var(--mantine-font-size-sm)",
  "--label-lh": "var(--label-lh-sm)",
} as React.CSSProperties;

/**
 * A checkbox with Mantine's look (size sm): a label and a description beside it, or only an
 * aria-label. `indeterminate` shows the dash and is read as 'mixed'. The season's pickers draw
 * one per match (167): as Mantine components they were most of their page's server time.
 */
export function CheckboxField({
  label,
  description,
  indeterminate = false,
  className,
  ...input
}: { label?: string; description?: string | null; indeterminate?: boolean } & Omit<React.ComponentProps<"input">, "type" | "id">) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  // The mixed state exists only as a DOM property (no attribute): set it once in the browser.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <div
      className={className ? `${Checkbox.classes.root} ${className}` : Checkbox.classes.root}
      style={CHECKBOX_STYLE}
      data-variant="filled"
      data-size="sm"
      data-label-position="right"
    >
      <div className={Checkbox.classes.body}>
        <div className={Checkbox.classes.inner} data-label-position="right">
          <input
            {...input}
            ref={ref}
            id={id}
            type="checkbox"
            className={`mantine-focus-auto ${Checkbox.classes.input}`}
            data-indeterminate={indeterminate || undefined}
            aria-describedby={description ? `${id}-description` : undefined}
          />
          {indeterminate ? (
            <svg className={Checkbox.classes.icon} viewBox="0 0 32 6" fill="none" aria-hidden>
              <rect width="32" height="6" fill="currentColor" rx="3" />
            </svg>
          ) : (
            <svg className={Checkbox.classes.icon} viewBox="0 0 10 7" fill="none" aria-hidden>
              <path d={CHECK_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
            </svg>
          )}
        </div>
        {(label || description) && (
          <div className={Checkbox.classes.labelWrapper}>
            {label && (
              <label className={Checkbox.classes.label} htmlFor={id}>
                {label}
              </label>
            )}
            {description && (
              <p className={`${Checkbox.classes.description} ${Input.classes.description}`} style={DESCRIPTION_STYLE} data-size="sm" id={`${id}-description`}>
                {description}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

const CHECK_PATH =
  "M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z";
