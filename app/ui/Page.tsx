import { Container, Stack, Text, Title } from "@mantine/core";

/** The frame of every screen: a centred column with the screen's title. */
export function Page({
  title,
  description,
  size = "lg",
  children,
}: {
  title: string;
  description?: React.ReactNode;
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  children?: React.ReactNode;
}) {
  return (
    <Container size={size} py={{ base: "lg", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
