import {
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  localStorageColorSchemeManager,
  mergeMantineTheme,
} from "@mantine/core";

import { accessibleColorVariables } from "./accessible-colors";

export const theme = createTheme({
  // A person who asked their system for less motion gets none from Mantine either (menus, dialogs,
  // toasts appear without sliding), as our own transitions already do (their reduced-motion rules).
  respectReducedMotion: true,
  primaryColor: "teal",
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'",
  headings: { fontWeight: "700" },
  // Plain objects, not `Modal.extend(…)`: extend only adds types, and importing the components
  // here would ship all five with the frame of every page (they load with the pages that use them).
  components: {
    // A dialog's title bar is no page banner (its <header> would be a second 'banner' landmark),
    // and its × has a name.
    Modal: {
      defaultProps: { closeButtonProps: { "aria-label": "Cerrar ventana" }, attributes: { header: { role: "none" } } },
    },
    Drawer: {
      defaultProps: { closeButtonProps: { "aria-label": "Cerrar ventana" }, attributes: { header: { role: "none" } } },
    },
    // No focusable 'presentation' placeholder inside role=menu: opening focuses the first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Cerrar aviso" } } },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { "aria-label": "Mostrar u ocultar la contraseña" } },
    },
  },
});

export const COLOR_SCHEME_KEY = "quiniela-color-scheme";

/** Light first; the user's choice is kept in localStorage; the system setting is not followed. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * The theme's CSS variables (those that differ from Mantine's stylesheet), as MantineProvider
 * would write them in a <style> on every render. The theme never changes, so they are computed
 * once here and root.tsx writes them itself (`withCssVariables={false}`): Mantine's own
 * component recomputed a few hundred variables on every request, a noticeable part of each page.
 */
function themeCssVariables(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const resolved = defaultCssVariablesResolver(merged);
  // Mantine's colours with enough contrast for text (WCAG AA) in both schemes: accessible-colors.ts.
  const accessible = accessibleColorVariables(merged);
  const ours = {
    variables: resolved.variables,
    light: { ...resolved.light, ...accessible.light },
    dark: { ...resolved.dark, ...accessible.dark },
  };
  const mantines = defaultCssVariablesResolver(DEFAULT_THEME);
  const differing = (mine: Record<string, string>, base: Record<string, string>) =>
    Object.fromEntries(Object.entries(mine).filter(([key, value]) => base[key] !== value));
  return convertCssVariables(
    {
      variables: differing(ours.variables, mantines.variables),
      light: differing(ours.light, mantines.light),
      dark: differing(ours.dark, mantines.dark),
    },
    undefined,
  );
}

export const THEME_CSS_VARIABLES = themeCssVariables();
