import { Group, Image, Text } from "@mantine/core";
import { type TeamView, teamLabel, UNKNOWN_TEAM_BADGE } from "#app/domain/match";

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

/** Badge and name, e.g. in tables; `reverse` puts the badge after the name (away side). */
export function TeamName({ team, reverse = false }: { team: TeamView | null; reverse?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" justify={reverse ? "flex-end" : "flex-start"} style={{ minWidth: 0 }}>
      {!reverse && <TeamBadge team={team} />}
      <Text fw={600} size="sm" truncate>
        {teamLabel(team)}
      </Text>
      {reverse && <TeamBadge team={team} />}
    </Group>
  );
}
