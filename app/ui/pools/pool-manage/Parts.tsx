import type { PickerPhase } from "#app/domain/game/match-picker";
import classes from "#app/ui/pools/PoolManage.module.css";
import typography from "#app/ui/theme/typography.module.css";

/** The pool page's query parameter that adds the season's phases (`phases`) to its data. */
export const PICKER_PARAM = "partidos";

/** The pieces every part of 'Administrar quiniela' is made of, and the data it is given. */

export interface ManageData {
  inviteUrl: string;
  /** Only when the page was asked for them with PICKER_PARAM. */
  phases: PickerPhase[] | null;
  matchIds: number[];
}

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={classes.section}>
      <div>
        <h3 className={typography.subsectionTitle}>{title}</h3>
        {description && <p className={typography.dimmed}>{description}</p>}
      </div>
      {children}
    </div>
  );
}
