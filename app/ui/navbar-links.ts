/** Who the navbar shows (root.tsx builds it from the session). */
export interface NavUser {
  displayName: string;
  image: string | null;
  avatarColor: string;
  isAdmin: boolean;
}

export const MAIN_LINKS = [
  { to: "/", label: "Inicio" },
  { to: "/rankings", label: "Puntuaciones" },
  { to: "/quiniela/quinielas-capturadas", label: "Quinielas" },
];

export const ADMIN_LINKS = [
  { to: "/admin/matches", label: "Gestionar Partidos" },
  { to: "/admin/results", label: "Resultados" },
  { to: "/admin/ver-quinielas", label: "Ver Quinielas capturadas" },
  { to: "/admin/activar-quinielas", label: "Activar Quinielas" },
  { to: "/admin/users", label: "Gestionar Usuarios" },
  { to: "/admin/predictions", label: "Gestionar Pronósticos" },
  { to: "/admin/estado-pronosticos", label: "Estado de Pronósticos" },
  { to: "/admin/importar-resultados", label: "Importar Resultados" },
  { to: "/admin/temporadas", label: "Temporadas" },
];
