import { teamLabel, UNKNOWN_TEAM_BADGE, type TeamView } from "#app/domain/game/match";
import { RESULT_MAX_GOALS } from "#app/domain/game/score";
import { UserAvatar } from "#app/ui/people/UserAvatar";
import { BareInput } from "#app/ui/primitives/Field";

import classes from "./AdminTable.module.css";

/**
 * Light cells for the admin game tables: plain elements styled by AdminTable.module.css, because
 * a season's worth of rows built from Mantine components made the pages slow and heavy.
 */
export { classes as adminTable };

/** Badge and name; the name wraps so columns can shrink on phones. */
export function TeamCell({ team }: { team: TeamView | null }) {
  return (
    <span className={classes.team}>
      <img src={team?.badgeUrl ?? UNKNOWN_TEAM_BADGE} alt="" width={24} height={24} loading="lazy" />
      <span>{teamLabel(team)}</span>
    </span>
  );
}

/**
 * One score box (0–20) named 'Goles de {equipo}' ('Goles de {equipo} en tiempo extra',
 * 'Penales de {equipo}' with a prefix or suffix).
 */
export function ScoreBox({
  name,
  team,
  defaultValue,
  prefix = "Goles de",
  suffix,
}: {
  name: string;
  team: string;
  defaultValue?: number | null;
  prefix?: string;
  suffix?: string;
}) {
  return (
    <BareInput
      className={classes.score}
      name={name}
      aria-label={`${prefix} ${team}${suffix ? ` ${suffix}` : ""}`}
      type="number"
      inputMode="numeric"
      min={0}
      max={RESULT_MAX_GOALS}
      step={1}
      defaultValue={defaultValue ?? ""}
    />
  );
}

/** The user's picture, else their initials on their colour, and their name. */
export function UserCell({ name, image, color }: { name: string; image: string | null; color: string }) {
  return (
    <span className={classes.user}>
      <UserAvatar name={name} image={image} color={color} size={28} />
      <span>{name}</span>
    </span>
  );
}

/** Points of a prediction: '–' while the match has no result. */
export function PointsCell({ points, bonus }: { points: number | null; bonus: number }) {
  if (points === null) return <span className={classes.miss}>–</span>;
  const total = points + bonus;
  const tone = points === 3 ? classes.exact : total > 0 ? classes.hit : classes.miss;
  return <span className={`${classes.points} ${tone}`}>{total}</span>;
}
