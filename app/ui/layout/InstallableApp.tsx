import { THEME_COLORS } from "#app/ui/theme/theme-colors";

/** The worker (public/sw.js) is registered from the production build only: Vite serves development. */
const REGISTER_WORKER = import.meta.env.PROD
  ? `if ("serviceWorker" in navigator) addEventListener("load", () => navigator.serviceWorker.register("/sw.js").catch(() => {}));`
  : "";

/**
 * A few lines run before the page paints, not a module of the bundle. The browser frame's colour
 * (`theme-color`) follows the colour mode, set on <html> by Mantine's script just before and by
 * the switch 'Modo oscuro' later. The script makes that <meta> itself: rendered by React, a
 * <meta> is matched by its attributes when the page hydrates, and one whose colour the script had
 * changed was added again beside it, light. Once the page has loaded, the worker is registered.
 */
const SCRIPT = `(() => {
  const html = document.documentElement;
  const meta = document.head.appendChild(document.createElement("meta"));
  meta.name = "theme-color";
  const paint = () => (meta.content = html.getAttribute("data-mantine-color-scheme") === "dark" ? "${THEME_COLORS.dark}" : "${THEME_COLORS.light}");
  paint();
  new MutationObserver(paint).observe(html, { attributes: true, attributeFilter: ["data-mantine-color-scheme"] });
  ${REGISTER_WORKER}
})();`;

/**
 * What makes the site an app to install, in the document's <head>: the browser frame's colour and
 * the service worker's registration (the manifest and the icons are links of root.tsx).
 */
export function InstallableApp({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
