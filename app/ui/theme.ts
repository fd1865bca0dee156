import { createTheme, localStorageColorSchemeManager, PasswordInput } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "teal",
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'",
  headings: { fontWeight: "700" },
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { "aria-label": "Mostrar u ocultar la contraseña" } },
    }),
  },
});

export const COLOR_SCHEME_KEY = "quiniela-color-scheme";

/** Light first; the user's choice is kept in localStorage; the system setting is not followed. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
