import { Container, Group, Stack, Text, Title } from "@mantine/core";

/** The frame of every screen: a centred column with the screen's title (and its main action). */
export function Page({
  title,
  description,
  action,
  size = "lg",
  children,
}: {
  title: string;
  description?: React.ReactNode;
  /** Beside the title on wide screens, below it on phones (e.g. 'Crear Quiniela'). */
  action?: React.ReactNode;
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  children?: React.ReactNode;
}) {
  const heading = (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: "anywhere" }}>
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
  return (
    <Container size={size} py={{ base: "lg", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        {action ? (
          <Group justify="space-between" align="flex-end" gap="sm">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Container>
  );
}
