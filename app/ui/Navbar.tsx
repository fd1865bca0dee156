import {
  Box,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink as MantineNavLink,
  ScrollArea,
  Stack,
  Switch,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Button, ButtonLink } from "./primitives/Button";
import classes from "./Navbar.module.css";
import { UserAvatar } from "./UserAvatar";

export interface NavUser {
  displayName: string;
  image: string | null;
  avatarColor: string;
  isAdmin: boolean;
}

const MAIN_LINKS = [
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

function DarkModeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light");
  return (
    <Switch
      label="Modo oscuro"
      checked={computed === "dark"}
      onChange={(event) => setColorScheme(event.currentTarget.checked ? "dark" : "light")}
    />
  );
}

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

/** The phone drawer's links, the current page marked. */
function DrawerLinks({ links, pathname }: { links: readonly { to: string; label: string }[]; pathname: string }) {
  return links.map((link) => (
    <MantineNavLink key={link.to} component={Link} to={link.to} label={link.label} active={pathname === link.to} />
  ));
}

function LogoutForm({ children }: { children: React.ReactNode }) {
  return (
    <Form method="post" action="/logout">
      {children}
    </Form>
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

export function Navbar({ user }: { user: NavUser | null }) {
  const [opened, { open, close }] = useDisclosure(false);
  // The phone's drawer is mounted on the first tap of the burger, not on every page render.
  const [drawerMounted, setDrawerMounted] = useState(false);
  const location = useLocation();
  const toggle = () => {
    if (opened) return close();
    setDrawerMounted(true);
    // Mounted closed first, so that it slides in.
    requestAnimationFrame(open);
  };

  return (
    <>
      <div className={classes.bar}>
        <div className={classes.left}>
          <Brand />
          {user && (
            <nav className={`${classes.links} mantine-visible-from-sm`} aria-label="Principal">
              {MAIN_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} end className={classes.link}>
                  {link.label}
                </NavLink>
              ))}
              {user.isAdmin && (
                <Menu position="bottom-start" withinPortal={false}>
                  <Menu.Target>
                    <button
                      type="button"
                      className={classes.link}
                      data-active={location.pathname.startsWith("/admin") || undefined}
                    >
                      Administración
                    </button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {ADMIN_LINKS.map((link) => (
                      <Menu.Item key={link.to} component={Link} to={link.to}>
                        {link.label}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
            </nav>
          )}
        </div>

        <div className={`${classes.right} mantine-visible-from-sm`}>
          {user ? (
            <Menu position="bottom-end" width={220} withinPortal={false}>
              {/*
               * The avatar sits over the button rather than in it: the button's name is the text
               * it shows (the initials are a picture of the person, not part of its label).
               */}
              <div className={classes.userMenu}>
                <div className={classes.userAvatar}>
                  <UserAvatar name={user.displayName} image={user.image} color={user.avatarColor} size={30} />
                </div>
                <Menu.Target>
                  <button type="button" className={classes.userButton}>
                    <span className={classes.userName}>{user.displayName}</span>
                  </button>
                </Menu.Target>
              </div>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/profile">
                  Mi Perfil
                </Menu.Item>
                {/* The pools of SPEC §4 have no place in the original navbar: they live here. */}
                <Menu.Item component={Link} to="/quinielas">
                  Mis Quinielas
                </Menu.Item>
                <Menu.Item closeMenuOnClick={false} component="div">
                  <DarkModeSwitch />
                </Menu.Item>
                <Menu.Divider />
                <LogoutForm>
                  {/* Mantine's red menu item is shade 6 (3.3:1 on white); the red text colour reads in both schemes. */}
                  <Menu.Item component="button" type="submit" color="var(--mantine-color-red-text)">
                    Cerrar Sesión
                  </Menu.Item>
                </LogoutForm>
              </Menu.Dropdown>
            </Menu>
          ) : (
            <>
              <ColorSchemeToggle />
              <Link to="/login" className={classes.subtle}>
                Iniciar Sesión
              </Link>
              <Link to="/register" className={classes.cta}>
                Registrarse
              </Link>
            </>
          )}
        </div>

        {/* Three lines that become a cross (Navbar.module.css); phones only. */}
        <button
          type="button"
          className={`${classes.burger} mantine-hidden-from-sm`}
          onClick={toggle}
          aria-label="Abrir menú"
          aria-expanded={opened}
        >
          <span className={classes.burgerLines} data-opened={opened || undefined} />
        </button>
      </div>

      {drawerMounted && (
        <Drawer
          opened={opened}
          onClose={close}
          title="Menú"
          position="right"
          size="80%"
          hiddenFrom="sm"
          closeButtonProps={{ "aria-label": "Cerrar menú" }}
        >
          <ScrollArea h="calc(100dvh - 80px)" onClick={(event) => {
            // Any link or button in the drawer navigates; close it behind.
            if ((event.target as HTMLElement).closest("a,button[type=submit]")) close();
          }}>
            <Stack gap={4} component="nav" aria-label="Menú móvil">
              {user ? (
                <>
                  <Group gap="sm" px="sm" py="xs">
                    <UserAvatar name={user.displayName} image={user.image} color={user.avatarColor} size={36} />
                    <Text fw={600}>{user.displayName}</Text>
                  </Group>
                  <Divider />
                  <DrawerLinks links={MAIN_LINKS} pathname={location.pathname} />
                  {user.isAdmin && (
                    <MantineNavLink label="Administración" defaultOpened={location.pathname.startsWith("/admin")}>
                      <DrawerLinks links={ADMIN_LINKS} pathname={location.pathname} />
                    </MantineNavLink>
                  )}
                  <Divider my="xs" />
                  <MantineNavLink component={Link} to="/profile" label="Mi Perfil" />
                  <MantineNavLink component={Link} to="/quinielas" label="Mis Quinielas" />
                  <Box px="sm" py="xs">
                    <DarkModeSwitch />
                  </Box>
                  <LogoutForm>
                    <Button variant="danger" type="submit" fullWidth style={{ marginTop: "var(--mantine-spacing-xs)" }}>
                      Cerrar Sesión
                    </Button>
                  </LogoutForm>
                </>
              ) : (
                <>
                  <ButtonLink variant="light" to="/login">
                    Iniciar Sesión
                  </ButtonLink>
                  <ButtonLink to="/register">
                    Registrarse
                  </ButtonLink>
                  <Box px="sm" py="xs">
                    <DarkModeSwitch />
                  </Box>
                </>
              )}
            </Stack>
          </ScrollArea>
        </Drawer>
      )}
    </>
  );
}
