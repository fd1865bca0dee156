import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Every URL of the app (SPEC §3). Layouts carry the guards: their middleware runs first. */
export default [
  // Public
  route("rankings", "routes/rankings.tsx"),
  route("rankings/historico", "routes/history.tsx"),
  route("quiniela/quinielas-capturadas", "routes/captured-predictions.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("logout", "routes/logout.ts"),
  route("healthz", "routes/healthz.ts"),
  route("eventos", "routes/live.ts"),
  route("badges/:file", "routes/badge.ts"),

  layout("routes/guards/anonymous-only.tsx", [
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("olvide-contrasena", "routes/forgot-password.tsx"),
  ]),

  layout("routes/guards/signed-in.tsx", [
    index("routes/home.tsx"),
    route("quinielas", "routes/quinielas.tsx"),
    route("quiniela/new", "routes/quiniela-new.tsx"),
    route("quiniela/:id", "routes/quiniela-detail.tsx"),
    route("quiniela/:id/unirse", "routes/quiniela-join.tsx"),
    route("profile", "routes/profile.tsx"),
    route("personas", "routes/people-search.ts"),
  ]),

  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("matches", "routes/admin/matches.tsx"),
    route("results", "routes/admin/results.tsx"),
    route("activar-quinielas", "routes/admin/activate.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("predictions", "routes/admin/predictions.tsx"),
    route("ver-quinielas", "routes/admin/captured.tsx"),
    route("estado-pronosticos", "routes/admin/prediction-status.tsx"),
    route("importar-resultados", "routes/admin/import-results.tsx"),
    route("temporadas", "routes/admin/seasons.tsx"),
    route("exportar/posiciones.csv", "routes/admin/export-standings.ts"),
    route("exportar/pronosticos.csv", "routes/admin/export-predictions.ts"),
    route("exportar/base-de-datos.json", "routes/admin/export-database.ts"),
  ]),

  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
