import { useEffect, useId, useRef } from "react";

import styles from "./Field.module.css";

/**
 * A checkbox with a label and a description beside it, or only an aria-label. `indeterminate`
 * shows the dash and is read as 'mixed'. The season's pickers draw one per match (167).
 */
export function CheckboxField({
  label,
  description,
  indeterminate = false,
  className,
  ...input
}: { label?: string; description?: string | null; indeterminate?: boolean } & Omit<
  React.ComponentProps<"input">,
  "type" | "id"
>) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  // The mixed state is a DOM property (the attribute draws it before hydration): set it in the browser.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <div className={className ? `${styles.checkbox} ${className}` : styles.checkbox}>
      <span className={styles.boxWrap}>
        <input
          {...input}
          ref={ref}
          id={id}
          type="checkbox"
          className={styles.box}
          data-indeterminate={indeterminate || undefined}
          aria-describedby={description ? `${id}-description` : undefined}
        />
        {indeterminate ? (
          <svg className={styles.tick} viewBox="0 0 10 10" fill="none" aria-hidden>
            <path d="M1.5 5h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        ) : (
          <svg className={styles.tick} viewBox="0 0 10 10" fill="none" aria-hidden>
            <path
              d="M1.5 5.2 4 7.6 8.5 2.6"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </span>
      {(label || description) && (
        <span className={styles.checkboxText}>
          {label && (
            <label className={styles.checkboxLabel} htmlFor={id}>
              {label}
            </label>
          )}
          {description && (
            <span className={styles.description} id={`${id}-description`}>
              {description}
            </span>
          )}
        </span>
      )}
    </div>
  );
}
