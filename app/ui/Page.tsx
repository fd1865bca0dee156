import { Container, Group, Stack, Text, Title } from "@mantine/core";
import classes from "./Page.module.css";

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
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
  return (
    <Container size={size} className={classes.page}>
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
