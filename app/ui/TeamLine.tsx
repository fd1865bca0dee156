import { Group, Text } from "@mantine/core";
import { type TeamView, teamLabel } from "#app/domain/match";
import { TeamBadge } from "./TeamBadge";

/** Badge and name for admin tables; the name wraps, so table columns can shrink on phones. */
export function TeamLine({ team, size = 24 }: { team: TeamView | null; size?: number }) {
  return (
    <Group gap={8} wrap="nowrap" align="center">
      <TeamBadge team={team} size={size} />
      <Text fw={600} size="sm" lh={1.25} style={{ overflowWrap: "anywhere" }}>
        {teamLabel(team)}
      </Text>
    </Group>
  );
}
