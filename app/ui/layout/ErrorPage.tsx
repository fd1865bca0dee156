import { Container, Stack, Text, Title } from "@mantine/core";

import { ButtonLink } from "#app/ui/primitives/Button";

/** What the error pages say for a status, unless a page says it its own way. */
export function errorCopy(status: number): { title: string; message: string } {
  switch (status) {
    case 403:
      return {
        title: "No tienes acceso a esta página",
        message: "Esta sección es solo para el administrador de la quiniela.",
      };
    case 404:
      return { title: "Página no encontrada", message: "La página que buscas no existe." };
    case 413:
      return {
        title: "Solicitud demasiado grande",
        message: "Lo que enviaste es más grande de lo que esta página acepta.",
      };
    case 429:
      return { title: "Demasiados intentos", message: "Espera unos minutos e inténtalo de nuevo." };
    default:
      return { title: "Algo salió mal", message: "Ocurrió un error inesperado. Inténtalo de nuevo en unos momentos." };
  }
}

/** The one error page: the status, what happened in Spanish, and a way back (no stack trace but in development). */
export function ErrorPage({
  status,
  title,
  message,
  back,
  stack,
}: {
  status: number;
  title: string;
  message: string;
  back: { to: string; label: string };
  stack?: string;
}) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={900} c="dimmed" lh={1}>
          {status}
        </Text>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        <ButtonLink variant="light" to={back.to}>
          {back.label}
        </ButtonLink>
        {stack && (
          <Text component="pre" ta="left" fz="xs" style={{ overflow: "auto", maxWidth: "100%" }}>
            {stack}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
