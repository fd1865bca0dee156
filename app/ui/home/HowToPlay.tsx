import { useState } from "react";

import { rememberFold } from "#app/ui/behaviour/remembered-fold";
import { Panel } from "#app/ui/primitives/Panel";

import classes from "./HowToPlay.module.css";

/**
 * '¿Cómo se juega?', written from the current season's rules (domain/game/season-rules.ts): open
 * on a browser's first visit, folded afterwards unless the reader opens it again
 * (ui/behaviour/remembered-fold.ts). A `<details>`: it opens and folds without JavaScript, and the
 * server renders it as it will stay.
 */
export function HowToPlay({ rules, initiallyOpen }: { rules: string[]; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Panel padding={0}>
      <details className={classes.howToPlay} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary
          className={classes.howToPlaySummary}
          // Remembered on the click itself (mouse, Enter or Space), not on `toggle`: that event comes
          // a task later, and a reload straight after opening the rules would not keep them open.
          onClick={(event) => rememberFold(!(event.currentTarget.parentElement as HTMLDetailsElement).open)}
        >
          <h2 className={classes.howToPlayTitle}>¿Cómo se juega?</h2>
        </summary>
        <ul className={classes.rules}>
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </details>
    </Panel>
  );
}
