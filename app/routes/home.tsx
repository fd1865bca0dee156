import { Button, Card, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { requireUser } from "#app/auth/guards.server";
import { getRuntime } from "#app/runtime.server";
import { Page } from "#app/ui/Page";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Inicio · Quiniela" }];

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return { seasonName: getRuntime().config.SEASON_NAME };
}

function Instructions() {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="xs">
        ¿Cómo se juega?
      </Title>
      <List spacing={6} size="sm">
        <List.Item>Pronostica el marcador exacto de cada partido activo de la jornada.</List.Item>
        <List.Item>Marcador exacto: 3 puntos. Aciertas el ganador o el empate: 1 punto.</List.Item>
        <List.Item>
          Cuartos de Final, Semifinal y Final: 2 puntos extra si aciertas el total de goles de la serie (ida y
          vuelta).
        </List.Item>
        <List.Item>Una vez guardados, tus pronósticos ya no se pueden modificar.</List.Item>
      </List>
    </Card>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="Quiniela" description={loaderData.seasonName}>
      <Instructions />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs">
          <Text c="dimmed" ta="center">
            No hay partidos disponibles en este momento.
          </Text>
        </Stack>
      </Paper>
      <Button component={Link} to="/rankings" variant="light" size="md" style={{ alignSelf: "center" }}>
        Ver Tabla de Posiciones
      </Button>
    </Page>
  );
}
