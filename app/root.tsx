import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "#app/ui/theme/app.css";

import { ColorSchemeScript, mantineHtmlProps, MantineProvider } from "@mantine/core";
import { useCallback, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";

import { newerMissing, type MissingPicks } from "#app/domain/game/missing-picks";
import { reloadUnlessAnsweredWithPage } from "#app/ui/behaviour/page-answer";
import { ConfirmHost } from "#app/ui/feedback/Confirm";
import { ToastHost, useToast } from "#app/ui/feedback/Toasts";
import { MissingPicksReport } from "#app/ui/game/useMissingPicks";
import { errorCopy, ErrorPage } from "#app/ui/layout/ErrorPage";
import { InstallableApp } from "#app/ui/layout/InstallableApp";
import { Navbar, type NavUser } from "#app/ui/layout/Navbar";
import { SITE_DESCRIPTION, SITE_NAME } from "#app/ui/layout/share-meta";
import shellClasses from "#app/ui/layout/Shell.module.css";
import { useNonce } from "#app/ui/layout/useNonce";
import { COLOR_SCHEME_KEY, colorSchemeManager, theme, THEME_CSS_VARIABLES } from "#app/ui/theme/theme";

import type { Route } from "./+types/root";
import { forwardCookies } from "./auth/cookies";
import { publicOrigin } from "./auth/links/password-reset.server";
import { readSessionUser } from "./auth/session-read.server";
import { missingPicksOf } from "./data/predictions/missing-picks.server";
import { servicesOf, userContext } from "./http/context";

/**
 * Answers that are the same for whoever asks, which browsers and shared caches may keep (a team's
 * badge), which monitors ask without end (the health check) or which stay open for as long as a
 * page does (the live-update stream, whose one answer would carry a renewed cookie too late to
 * matter) or that a calendar app fetches with a secret address and no cookie (a calendar feed):
 * the session is never read for them, so none of them extends a session or carries its renewed cookie to a cache that would hand
 * it to the next visitor. By their path in `routes.ts` (React Router's `pattern`, without its
 * leading slash, which it leaves out today and its documentation shows).
 */
const SESSIONLESS_ROUTES: ReadonlySet<string> = new Set(["badges/:file", "calendario/:file", "healthz", "eventos"]);
const isSessionless = (pattern: string) => SESSIONLESS_ROUTES.has(pattern.replace(/^\//, ""));

const NOBODY = { user: null, setCookies: undefined };

/**
 * Reads the session once per request; every guard below uses what this puts in context. What
 * the app answers depends on who asks (the navbar alone does), so no cache may keep or share it
 * unless the route says otherwise (a team badge, for one).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, pattern }, next) => {
    const { user, setCookies } = isSessionless(pattern) ? NOBODY : await readSessionUser(servicesOf(context), request);
    context.set(userContext, user);
    const response = await next();
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
    // An extended session's cookie (or a dead one's removal), unless the answer sets its own
    // (a sign-in or sign-out).
    if (setCookies && !response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))) {
      forwardCookies(setCookies, response.headers);
    }
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { toast, setCookie } = await servicesOf(context).toasts.take(request);
  const navUser: NavUser | null = user && {
    displayName: user.displayName,
    image: user.image,
    avatarColor: user.avatarColor,
    isAdmin: user.role === "admin",
  };
  // The public origin, for the absolute URLs of the pages' share tags (ui/layout/share-meta.ts).
  const origin = publicOrigin(servicesOf(context).config.BASE_URL, request);
  // The badge on 'Inicio': only for whoever is signed in (a visitor's page is the same for all,
  // and the public pages' cache keeps it: server/page-cache.ts).
  const missing = user && (await missingPicksOf(servicesOf(context).db, user.id));
  return data(
    { user: navUser, toast, origin, missing },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

/** Who is signed in does not change when a form answers with its page (the prediction form). */
export const shouldRevalidate = reloadUnlessAnsweredWithPage;

export const meta: Route.MetaFunction = () => [
  { title: SITE_NAME },
  { name: "description", content: SITE_DESCRIPTION },
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The app to install (public/manifest.webmanifest, public/icons/; decision 021).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es-MX" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" localStorageKey={COLOR_SCHEME_KEY} />
        <InstallableApp nonce={nonce} />
        <style data-mantine-styles dangerouslySetInnerHTML={{ __html: THEME_CSS_VARIABLES }} />
      </head>
      <body>
        <MantineProvider
          theme={theme}
          defaultColorScheme="light"
          colorSchemeManager={colorSchemeManager}
          withCssVariables={false}
        >
          <ToastHost />
          <ConfirmHost />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({
  user,
  missing = null,
  children,
}: {
  user: NavUser | null;
  missing?: MissingPicks | null;
  children: React.ReactNode;
}) {
  return (
    <>
      {/* right-scroll-bar-position: modals and drawers keep the header still when they lock scrolling. */}
      <header className={`${shellClasses.header} right-scroll-bar-position`}>
        <Navbar user={user} missing={missing} />
      </header>
      <main className={shellClasses.main}>{children}</main>
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  // The newest reading of the missing picks a page handed up (ui/game/useMissingPicks.ts).
  const [reported, setReported] = useState<MissingPicks | null>(null);
  const report = useCallback((missing: MissingPicks) => setReported((kept) => newerMissing(missing, kept)), []);
  const missing = loaderData.missing && newerMissing(loaderData.missing, reported);
  return (
    <MissingPicksReport.Provider value={report}>
      <Shell user={loaderData.user} missing={missing}>
        <Outlet />
      </Shell>
    </MissingPicksReport.Provider>
  );
}

/** Spanish error pages; the stack only in development, never SQL or traces in production. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  // A guard that refuses runs before the root loader; its 403 brings the navbar's user along.
  const user = rootData?.user ?? (isRouteErrorResponse(error) ? (error.data as { navUser?: NavUser })?.navUser : null);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <Shell user={user ?? null} missing={rootData?.missing}>
      <ErrorPage status={status} {...errorCopy(status)} back={{ to: "/", label: "Volver al inicio" }} stack={stack} />
    </Shell>
  );
}
