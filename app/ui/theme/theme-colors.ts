/**
 * The colour a browser gives its own frame around the app (a phone's status bar, an installed
 * app's title bar): the header's background, so that the frame and the header read as one, in the
 * colour mode chosen in the app. The manifest (public/manifest.webmanifest) can name only one:
 * the light one, the app's first mode; the page's `theme-color` follows the chosen mode
 * (ui/layout/InstallableApp.tsx), as does the offline page (public/offline.js).
 */
export const THEME_COLORS = { light: "#ffffff", dark: "#242424" } as const;
