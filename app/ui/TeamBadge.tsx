import { Image } from "@mantine/core";
import { type TeamView, UNKNOWN_TEAM_BADGE } from "#app/domain/match";

/** A team's badge (generated, or the admin's logo); the neutral one for 'Por definir'. */
export function TeamBadge({ team, size = 28 }: { team: TeamView | null; size?: number }) {
  return (
    <Image
      src={team?.badgeUrl ?? UNKNOWN_TEAM_BADGE}
      alt=""
      w={size}
      h={size}
      fit="contain"
      loading="lazy"
      style={{ flex: "none" }}
    />
  );
}
