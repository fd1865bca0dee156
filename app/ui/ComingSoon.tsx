import { Paper, Text } from "@mantine/core";

/** Placeholder body of a screen whose issue has not landed yet (its guard is already final). */
export function ComingSoon() {
  return (
    <Paper withBorder p="xl" radius="lg">
      <Text c="dimmed" ta="center">
        Esta sección estará disponible muy pronto.
      </Text>
    </Paper>
  );
}
