import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Every URL of the app (SPEC §3). Layouts carry the guards: their middleware runs first. */
export default [
  // Public
  route("rankings", "routes/rankings.tsx"),
  route("rankings/historico", "routes/rankings/historico.tsx"),
  route("jugador/:id", "routes/jugador/$id.tsx"),
  route("rankings/cambios", "routes/rankings/cambios.tsx"),
  route("quiniela/quinielas-capturadas", "routes/quiniela/quinielas-capturadas.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("baja-recordatorios", "routes/baja-recordatorios.tsx"),
  route("logout", "routes/logout.ts"),
  route("healthz", "routes/healthz.ts"),
  route("eventos", "routes/eventos.ts"),
  route("badges/:file", "routes/badges/$file.ts"),
  route("calendario/:file", "routes/calendario/$file.ts"),

  layout("routes/guards/anonymous-only.tsx", [
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("olvide-contrasena", "routes/olvide-contrasena.tsx"),
  ]),

  layout("routes/guards/signed-in.tsx", [
    index("routes/index.tsx"),
    route("quinielas", "routes/quinielas.tsx"),
    route("quiniela/new", "routes/quiniela/new.tsx"),
    route("quiniela/:id", "routes/quiniela/$id.tsx"),
    route("quiniela/:id/unirse", "routes/quiniela/$id/unirse.tsx"),
    route("profile", "routes/profile.tsx"),
    route("profile/notificaciones", "routes/profile/notificaciones.ts"),
    route("personas", "routes/personas.ts"),
  ]),

  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("matches", "routes/admin/matches.tsx"),
    route("results", "routes/admin/results.tsx"),
    route("activar-quinielas", "routes/admin/activar-quinielas.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("predictions", "routes/admin/predictions.tsx"),
    route("ver-quinielas", "routes/admin/ver-quinielas.tsx"),
    route("estado-pronosticos", "routes/admin/estado-pronosticos.tsx"),
    route("importar-resultados", "routes/admin/importar-resultados.tsx"),
    route("temporadas", "routes/admin/temporadas.tsx"),
    route("bitacora", "routes/admin/bitacora.tsx"),
    route("exportar/posiciones.csv", "routes/admin/exportar/posiciones.csv.ts"),
    route("exportar/pronosticos.csv", "routes/admin/exportar/pronosticos.csv.ts"),
    route("exportar/base-de-datos.json", "routes/admin/exportar/base-de-datos.json.ts"),
  ]),

  route("*", "routes/$.ts"),
] satisfies RouteConfig;
