import { useMantineColorScheme } from "@mantine/core";
import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";

import { missingAt, nameWithMissing, type MissingPicks } from "#app/domain/game/missing-picks";
import { loadOnUse } from "#app/ui/behaviour/load-on-use";
import { useMissingPicksClock } from "#app/ui/game/useMissingPicks";

import classes from "./Navbar.module.css";
import { AdminMenuButton, MAIN_LINKS, missingBadge, UserMenuButton, UserMenuFrame, type NavUser } from "./NavbarParts";

export type { NavUser } from "./NavbarParts";

/**
 * The menus and the phone's drawer (Mantine's Menu and Drawer, ./NavbarMenus) load the first time
 * someone opens one: every page's first load is lighter by their code (positioning, focus trap,
 * transitions), and the frame renders less on every request. Hovering or focusing a button
 * fetches the module ahead of the click.
 */
type Menus = typeof import("./NavbarMenus");
const menusModule = loadOnUse<Menus>(() => import("./NavbarMenus"));
const prefetchMenus = menusModule.prefetch;

/** For visitors without a user menu: one button, its icon chosen by CSS so SSR and the browser agree. */
function ColorSchemeToggle() {
  const { toggleColorScheme } = useMantineColorScheme();
  return (
    <button type="button" className={classes.iconButton} aria-label="Modo oscuro" onClick={toggleColorScheme}>
      <span className="mantine-dark-hidden" aria-hidden>
        🌙
      </span>
      <span className="mantine-light-hidden" aria-hidden>
        ☀️
      </span>
    </button>
  );
}

function Brand() {
  return (
    <Link to="/" className={classes.brand}>
      <span aria-hidden className={classes.ball}>
        ⚽
      </span>
      Quinielas
    </Link>
  );
}

/** What a menu button needs before its menu has loaded: a click that loads and opens it. */
function menuButtonProps(open: () => void) {
  return {
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    onClick: open,
    onPointerEnter: prefetchMenus,
    onFocus: prefetchMenus,
  };
}

/** A visitor's side of the bar: the colour scheme, and the ways in. */
function VisitorLinks() {
  return (
    <>
      <ColorSchemeToggle />
      <Link to="/login" className={classes.subtle}>
        Iniciar Sesión
      </Link>
      <Link to="/register" className={classes.cta}>
        Registrarse
      </Link>
    </>
  );
}

/** A desktop's main links ('Inicio' with its badge), then the admin's menu when given. */
function MainLinks({ missing, children }: { missing: number; children: React.ReactNode }) {
  return (
    <nav className={`${classes.links} mantine-visible-from-sm`} aria-label="Principal">
      {MAIN_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end className={classes.link} {...missingBadge(link, missing)}>
          {link.label}
        </NavLink>
      ))}
      {children}
    </nav>
  );
}

/** The player's missing picks as the browser's clock reads them: they go down as their matches lock. */
function useMissingCount(missing: MissingPicks | null): number {
  const now = useMissingPicksClock(missing);
  return missing ? missingAt(missing, now).count : 0;
}

/** `missing`: the signed-in player's missing picks, for the badge on 'Inicio'. */
export function Navbar({ user, missing = null }: { user: NavUser | null; missing?: MissingPicks | null }) {
  const missingCount = useMissingCount(user && missing);
  const [menus, setMenus] = useState<Menus | null>(null);
  // Which desktop menu has been opened once (it stays Mantine's from then on).
  const [adminMenu, setAdminMenu] = useState(false);
  const [userMenu, setUserMenu] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const location = useLocation();
  const withMenus = (then: () => void) => () => {
    menusModule.get().then(
      (loaded) => {
        setMenus(loaded);
        then();
      },
      // The app was updated since this page loaded (its old files are gone): load the new one,
      // as React Router does when a route's module cannot be fetched.
      () => window.location.reload(),
    );
  };
  const toggleDrawer = withMenus(() => {
    if (drawerOpened) return setDrawerOpened(false);
    // Mounted closed first (when it has just loaded), so that it slides in.
    requestAnimationFrame(() => setDrawerOpened(true));
  });
  const adminActive = location.pathname.startsWith("/admin");

  return (
    <>
      <div className={classes.bar}>
        <div className={classes.left}>
          <Brand />
          {user && (
            <MainLinks missing={missingCount}>
              {user.isAdmin &&
                (menus && adminMenu ? (
                  <menus.AdminMenu active={adminActive} />
                ) : (
                  <AdminMenuButton active={adminActive} {...menuButtonProps(withMenus(() => setAdminMenu(true)))} />
                ))}
            </MainLinks>
          )}
        </div>

        <div className={`${classes.right} mantine-visible-from-sm`}>
          {user ? (
            menus && userMenu ? (
              <menus.UserMenu user={user} />
            ) : (
              <UserMenuFrame user={user}>
                <UserMenuButton user={user} {...menuButtonProps(withMenus(() => setUserMenu(true)))} />
              </UserMenuFrame>
            )
          ) : (
            <VisitorLinks />
          )}
        </div>

        {/* Three lines that become a cross (Navbar.module.css); phones only. It carries the count
            of missing picks while 'Inicio', which shows it on a desktop, is folded inside. */}
        <button
          type="button"
          className={`${classes.burger} mantine-hidden-from-sm`}
          onClick={toggleDrawer}
          onPointerEnter={prefetchMenus}
          aria-label={nameWithMissing("Abrir menú", missingCount)}
          aria-expanded={drawerOpened}
          data-count={missingCount || undefined}
        >
          <span className={classes.burgerLines} data-opened={drawerOpened || undefined} />
        </button>
      </div>

      {menus && (
        <menus.NavDrawer
          user={user}
          opened={drawerOpened}
          onClose={() => setDrawerOpened(false)}
          pathname={location.pathname}
          missing={missingCount}
        />
      )}
    </>
  );
}
