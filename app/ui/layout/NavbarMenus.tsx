import {
  Box,
  Divider,
  Drawer,
  Group,
  NavLink as MantineNavLink,
  Menu,
  ScrollArea,
  Stack,
  Switch,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useRef } from "react";
import { Form, Link } from "react-router";

import { UserAvatar } from "#app/ui/people/UserAvatar";
import { Button, ButtonLink } from "#app/ui/primitives/Button";

import navbarClasses from "./Navbar.module.css";
import {
  ADMIN_LINKS,
  AdminMenuButton,
  MAIN_LINKS,
  missingBadge,
  UserMenuButton,
  UserMenuFrame,
  type NavUser,
} from "./NavbarParts";

/**
 * The navbar's menus and the phone's drawer: Mantine's Menu and Drawer (positioning, focus trap,
 * transitions). Navbar.tsx loads this module the first time someone opens one of them, so that
 * no page pays for it in its first load; until then the navbar shows the same buttons, plain.
 */

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

function LogoutForm({ children }: { children: React.ReactNode }) {
  return (
    <Form method="post" action="/logout">
      {children}
    </Form>
  );
}

/**
 * A desktop menu mounts open, on the first click of the plain button it replaces (Navbar.tsx).
 * Mantine returns the focus to the button when a menu closes, but only for a menu it saw open;
 * this first time the menu's own button takes it back.
 */
function useOpenedOnMount() {
  const target = useRef<HTMLButtonElement>(null);
  return { target, menu: { defaultOpened: true, onClose: () => target.current?.focus() } };
}

/** 'Administración' on a desktop. */
export function AdminMenu({ active }: { active: boolean }) {
  const { target, menu } = useOpenedOnMount();
  return (
    <Menu position="bottom-start" withinPortal={false} {...menu}>
      <Menu.Target>
        <AdminMenuButton ref={target} active={active} />
      </Menu.Target>
      <Menu.Dropdown>
        {ADMIN_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The user's menu on a desktop. */
export function UserMenu({ user }: { user: NavUser }) {
  const { target, menu } = useOpenedOnMount();
  return (
    <Menu position="bottom-end" width={220} withinPortal={false} {...menu}>
      <UserMenuFrame user={user}>
        <Menu.Target>
          <UserMenuButton ref={target} user={user} />
        </Menu.Target>
      </UserMenuFrame>
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
          {/* Mantine's red menu item is shade 6 (3.3:1 on white); the red text colour reads in both schemes.
              The menu stays open on the click: closed at once (no exit transition, for a person who
              asked for reduced motion), it would take its form away before the form is sent. The
              page that answers the sign-out replaces it anyway. */}
          <Menu.Item component="button" type="submit" closeMenuOnClick={false} color="var(--mantine-color-red-text)">
            Cerrar Sesión
          </Menu.Item>
        </LogoutForm>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The phone drawer's links, the current page marked. */
function DrawerLinks({
  links,
  pathname,
  missing = 0,
}: {
  links: readonly { to: string; label: string }[];
  pathname: string;
  /** The badge on 'Inicio' (NavbarParts.tsx's missingBadge). */
  missing?: number;
}) {
  return links.map((link) => (
    <MantineNavLink
      key={link.to}
      component={Link}
      to={link.to}
      label={link.label}
      active={pathname === link.to}
      className={navbarClasses.drawerLink}
      {...missingBadge(link, missing)}
    />
  ));
}

/** The phone's menu, from the right. */
export function NavDrawer({
  user,
  opened,
  onClose,
  pathname,
  missing,
}: {
  user: NavUser | null;
  opened: boolean;
  onClose: () => void;
  pathname: string;
  missing: number;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menú"
      position="right"
      size="80%"
      hiddenFrom="sm"
      closeButtonProps={{ "aria-label": "Cerrar menú" }}
    >
      <ScrollArea
        h="calc(100dvh - 80px)"
        onClick={(event) => {
          // Any link in the drawer navigates; close it behind.
          if ((event.target as HTMLElement).closest("a")) onClose();
        }}
        // A form ('Cerrar Sesión') is closed behind once it is sent: closed on the click, the
        // drawer (at once, with no exit transition for a person who asked for reduced motion)
        // would take the form away before the browser sends it.
        onSubmit={onClose}
      >
        <Stack gap={4} component="nav" aria-label="Menú móvil">
          {user ? (
            <>
              <Group gap="sm" px="sm" py="xs">
                <UserAvatar name={user.displayName} image={user.image} color={user.avatarColor} size={36} />
                <Text fw={600}>{user.displayName}</Text>
              </Group>
              <Divider />
              <DrawerLinks links={MAIN_LINKS} pathname={pathname} missing={missing} />
              {user.isAdmin && (
                <MantineNavLink label="Administración" defaultOpened={pathname.startsWith("/admin")}>
                  <DrawerLinks links={ADMIN_LINKS} pathname={pathname} />
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
              <ButtonLink to="/register">Registrarse</ButtonLink>
              <Box px="sm" py="xs">
                <DarkModeSwitch />
              </Box>
            </>
          )}
        </Stack>
      </ScrollArea>
    </Drawer>
  );
}
