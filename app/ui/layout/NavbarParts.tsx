import type { ComponentProps, ReactNode } from "react";

import { nameWithMissing } from "#app/domain/game/missing-picks";
import { UserAvatar } from "#app/ui/people/UserAvatar";

import classes from "./Navbar.module.css";

/*
 * What the navbar (Navbar.tsx) and its menus (NavbarMenus.tsx, loaded on first use) share: who it
 * shows, its links, and the two menu buttons, the same before and after their menu has loaded.
 */

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
  // The checklist of /admin: what the season still needs, each step with its screen.
  { to: "/admin", label: "Resumen" },
  { to: "/admin/matches", label: "Gestionar Partidos" },
  { to: "/admin/results", label: "Resultados" },
  { to: "/admin/ver-quinielas", label: "Ver Quinielas capturadas" },
  { to: "/admin/activar-quinielas", label: "Activar Quinielas" },
  { to: "/admin/users", label: "Gestionar Usuarios" },
  { to: "/admin/predictions", label: "Gestionar Pronósticos" },
  { to: "/admin/estado-pronosticos", label: "Estado de Pronósticos" },
  { to: "/admin/importar-resultados", label: "Importar Resultados" },
  { to: "/admin/temporadas", label: "Temporadas" },
  { to: "/admin/bitacora", label: "Bitácora" },
];

/**
 * What a main link adds for the count of the player's missing picks, on 'Inicio': a badge drawn
 * by CSS from `data-count` (Navbar.module.css), so that the link's text stays 'Inicio', the start
 * of its accessible name, which says the count ('Inicio, te faltan 3 pronósticos').
 */
export function missingBadge(link: { to: string }, missing: number) {
  if (link.to !== "/" || missing === 0) return {};
  return { "aria-label": nameWithMissing("Inicio", missing), "data-count": missing };
}

const withClass = (own: string | undefined, given: string | undefined) => (given ? `${own} ${given}` : own);

/** 'Administración' on a desktop: the admin menu's button. */
export function AdminMenuButton({ active, className, ...props }: ComponentProps<"button"> & { active: boolean }) {
  // Mantine's Menu.Target hands its own props to the button once the menu loads, `className`
  // among them (empty): ours is kept and theirs added.
  return (
    <button type="button" {...props} className={withClass(classes.link, className)} data-active={active || undefined}>
      Administración
    </button>
  );
}

/** The user menu's button, with the name it shows. */
export function UserMenuButton({ user, className, ...props }: ComponentProps<"button"> & { user: NavUser }) {
  return (
    <button type="button" {...props} className={withClass(classes.userButton, className)}>
      <span className={classes.userName}>{user.displayName}</span>
    </button>
  );
}

/**
 * The avatar beside the user menu's button. It sits over the button rather than in it: the
 * button's name is the text it shows (the initials are a picture of the person, not its label).
 */
export function UserMenuFrame({ user, children }: { user: NavUser; children: ReactNode }) {
  return (
    <div className={classes.userMenu}>
      <div className={classes.userAvatar}>
        <UserAvatar name={user.displayName} image={user.image} color={user.avatarColor} size={30} />
      </div>
      {children}
    </div>
  );
}
