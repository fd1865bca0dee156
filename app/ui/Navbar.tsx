import {
  ActionIcon,
  Box,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink as MantineNavLink,
  ScrollArea,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Form, Link, NavLink, useLocation } from "react-router";
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
    <ActionIcon variant="default" size="lg" aria-label="Modo oscuro" onClick={toggleColorScheme}>
      <Box component="span" darkHidden aria-hidden>
        🌙
      </Box>
      <Box component="span" lightHidden aria-hidden>
        ☀️
      </Box>
    </ActionIcon>
  );
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
    <Text component={Link} to="/" fw={800} fz="xl" c="teal.7" style={{ textDecoration: "none" }}>
      <Box component="span" aria-hidden mr={6}>
        ⚽
      </Box>
      Quinielas
    </Text>
  );
}

export function Navbar({ user }: { user: NavUser | null }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();

  return (
    <>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="xl" wrap="nowrap">
          <Brand />
          {user && (
            <Group gap={4} visibleFrom="sm" component="nav" aria-label="Principal">
              {MAIN_LINKS.map((link) => (
                <Button
                  key={link.to}
                  component={NavLink}
                  to={link.to}
                  end
                  variant={location.pathname === link.to ? "light" : "subtle"}
                  color="gray"
                  size="sm"
                >
                  {link.label}
                </Button>
              ))}
              {user.isAdmin && (
                <Menu position="bottom-start" withinPortal>
                  <Menu.Target>
                    <Button
                      variant={location.pathname.startsWith("/admin") ? "light" : "subtle"}
                      color="gray"
                      size="sm"
                    >
                      Administración
                    </Button>
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
            </Group>
          )}
        </Group>

        <Group gap="xs" visibleFrom="sm" wrap="nowrap">
          {user ? (
            <Menu position="bottom-end" width={220} withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={user.displayName} px="xs" py={4} style={{ borderRadius: 8 }}>
                  <Group gap="xs" wrap="nowrap">
                    <UserAvatar name={user.displayName} image={user.image} color={user.avatarColor} size={30} />
                    <Text size="sm" fw={600} maw={180} truncate>
                      {user.displayName}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
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
                  <Menu.Item component="button" type="submit" color="red">
                    Cerrar Sesión
                  </Menu.Item>
                </LogoutForm>
              </Menu.Dropdown>
            </Menu>
          ) : (
            <>
              <ColorSchemeToggle />
              <Button component={Link} to="/login" variant="subtle">
                Iniciar Sesión
              </Button>
              <Button component={Link} to="/register">
                Registrarse
              </Button>
            </>
          )}
        </Group>

        <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Abrir menú" />
      </Group>

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
                {MAIN_LINKS.map((link) => (
                  <MantineNavLink
                    key={link.to}
                    component={Link}
                    to={link.to}
                    label={link.label}
                    active={location.pathname === link.to}
                  />
                ))}
                {user.isAdmin && (
                  <MantineNavLink label="Administración" defaultOpened={location.pathname.startsWith("/admin")}>
                    {ADMIN_LINKS.map((link) => (
                      <MantineNavLink
                        key={link.to}
                        component={Link}
                        to={link.to}
                        label={link.label}
                        active={location.pathname === link.to}
                      />
                    ))}
                  </MantineNavLink>
                )}
                <Divider my="xs" />
                <MantineNavLink component={Link} to="/profile" label="Mi Perfil" />
                <MantineNavLink component={Link} to="/quinielas" label="Mis Quinielas" />
                <Box px="sm" py="xs">
                  <DarkModeSwitch />
                </Box>
                <LogoutForm>
                  <Button type="submit" variant="light" color="red" fullWidth mt="xs">
                    Cerrar Sesión
                  </Button>
                </LogoutForm>
              </>
            ) : (
              <>
                <Button component={Link} to="/login" variant="light">
                  Iniciar Sesión
                </Button>
                <Button component={Link} to="/register">
                  Registrarse
                </Button>
                <Box px="sm" py="xs">
                  <DarkModeSwitch />
                </Box>
              </>
            )}
          </Stack>
        </ScrollArea>
      </Drawer>
    </>
  );
}
