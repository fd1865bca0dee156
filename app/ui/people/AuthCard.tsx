import { Box, Center, Stack, Text, Title } from "@mantine/core";

import { Panel } from "#app/ui/primitives/Panel";

/** The centred card of /login, /register and /reset-password; `notice` above it (an invitation). */
export function AuthCard({
  title,
  subtitle,
  notice,
  children,
}: {
  title: string;
  subtitle: React.ReactNode;
  notice?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Center mih={{ base: "auto", sm: "calc(100dvh - 60px)" }} px="sm" py="xl">
      <Box w="100%" maw={420}>
        <Stack gap={6} mb="lg" ta="center">
          <Title order={1} fz={28}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </Stack>
        {notice}
        <Panel flat shadow padding="lg" paddingFromSm="xl">
          {children}
        </Panel>
      </Box>
    </Center>
  );
}
