import { teamLabel, UNKNOWN_TEAM_BADGE, type TeamView } from "#app/domain/game/match";

import classes from "./MatchTeam.module.css";

const STACKED = { never: "", always: classes.stacked, phones: classes.stackedOnPhones } as const;

/**
 * A team on a match card: its badge (the neutral one for 'Por definir') and its name, the away
 * side mirrored. Plain markup: cards repeat it twice per match, up to a season of matches.
 */
export function MatchTeam({
  team,
  away = false,
  size = 32,
  stacked = "never",
}: {
  team: Pick<TeamView, "name" | "badgeUrl"> | null;
  away?: boolean;
  size?: number;
  /** The badge above the name: never, always, or on phones only. */
  stacked?: keyof typeof STACKED;
}) {
  const badge = (
    <img
      className={classes.badge}
      style={{ "--badge-size": `${size}px` } as React.CSSProperties}
      src={team?.badgeUrl ?? UNKNOWN_TEAM_BADGE}
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  );
  return (
    <span className={[classes.team, away && classes.away, STACKED[stacked]].filter(Boolean).join(" ")}>
      {!away && badge}
      <span className={classes.name}>{teamLabel(team)}</span>
      {away && badge}
    </span>
  );
}
