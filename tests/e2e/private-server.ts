import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { startOwnServer } from "../../scripts/lib/own-server";
import { ADMIN } from "./support";

/**
 * A server of a spec file's own, for changes the whole server sees (the roster closes
 * registration, a finished season or a new current one changes every page): the spec files
 * running in parallel on the shared server never see them.
 */
export interface PrivateServer {
  url: string;
  close(): Promise<void>;
}

/** The built server on a free port with a fresh data folder (SQLite); `close()` stops it. */
export async function startPrivateServer(name: string): Promise<PrivateServer> {
  const server = await startOwnServer(`e2e-${name}`, ADMIN.email);
  return { url: server.url, close: server.stop };
}

/** A new browser context on `baseURL`, signed out, in the players' locale and time zone. */
export async function signedOutPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: "es-MX", timezoneId: "America/Mexico_City" });
  return { context, page: await context.newPage() };
}

/**
 * Signs `request` in as the admin, registering the account first when it does not exist yet. Two
 * workers may race to register it (admin-access.spec.ts does the same): a refused registration
 * means the other one won, so sign in again. `origin`: the server's own.
 */
export async function signInAsAdminOn(request: APIRequestContext, origin: string): Promise<void> {
  const headers = { Origin: origin };
  const signIn = () =>
    request.post("/login", { headers, form: { email: ADMIN.email, password: ADMIN.password }, maxRedirects: 0 });
  if ((await signIn()).status() === 302) return;
  const registered = await request.post("/register", {
    headers,
    form: { name: ADMIN.name, email: ADMIN.email, password: ADMIN.password, confirmPassword: ADMIN.password },
    maxRedirects: 0,
  });
  if (registered.status() !== 302) expect((await signIn()).status(), "inicio de sesión del administrador").toBe(302);
  // Takes the flash toast, so it does not cover the first page.
  await request.get("/");
}
