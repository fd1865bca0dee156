import {
  expect,
  type APIRequest,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from "@playwright/test";

/**
 * The server refuses writes without proof that its own pages sent them (an Origin of its own):
 * a browser adds it by itself; requests made outside a page (APIRequestContext) add this.
 */
export const SAME_ORIGIN = { Origin: `http://localhost:${process.env.E2E_PORT ?? 3210}` };

/** The account the server promotes to admin on registration (ADMIN_EMAIL in playwright.config.ts). */
export const ADMIN = { name: "Administrador", email: "admin@quiniela.test", password: "admin-secreto-123" };

export const PASSWORD = "secreto123";

/** An e-mail nobody else in this run uses, so tests stay independent and can run in parallel. */
export function uniqueEmail(prefix = "usuario"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@quiniela.test`;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A fresh account description (not registered yet). */
export function newAccount(prefix = "usuario"): Account {
  const suffix = Math.random().toString(36).slice(2, 7);
  return { name: `Jugador ${suffix}`, email: uniqueEmail(prefix), password: PASSWORD };
}

/**
 * A form field by its accessible name. Playwright gives password inputs the textbox role, and
 * matching the accessible name (not the label's text) ignores Mantine's aria-hidden ' *' on
 * required fields, which getByLabel(..., { exact: true }) would trip over.
 */
export function field(page: Page, name: string): Locator {
  return page.getByRole("textbox", { name, exact: true });
}

export async function fillRegisterForm(
  page: Page,
  account: Partial<Account> & { confirmPassword?: string },
): Promise<void> {
  await field(page, "Nombre").fill(account.name ?? "");
  await field(page, "Correo electrónico").fill(account.email ?? "");
  await field(page, "Contraseña").fill(account.password ?? "");
  await field(page, "Confirmar contraseña").fill(account.confirmPassword ?? account.password ?? "");
}

/**
 * Registers through /register and waits until the app lands on '/' (a signed-in route, so the
 * session is set). Works on any viewport: it does not look for the desktop-only user menu.
 */
export async function register(page: Page, account: Account): Promise<void> {
  await page.goto("/register");
  await fillRegisterForm(page, account);
  await page.getByRole("button", { name: "Registrarse", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/**
 * Creates an account without a browser page: the same form POST a browser without JavaScript
 * sends to /register. For tests whose subject is not registration (faster than a page).
 */
export async function registerViaForm(
  request: APIRequestContext,
  account: Account,
  origin: string = SAME_ORIGIN.Origin,
): Promise<void> {
  const response = await request.post("/register", {
    headers: { Origin: origin },
    form: { name: account.name, email: account.email, password: account.password, confirmPassword: account.password },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers()["location"]).toBe("/");
}

/**
 * Takes the flash toast the server left in a cookie ('Registro exitoso', 'Inicio de sesión
 * exitoso'), so it does not show on the test's first page: the top-centre toast covers the
 * navbar's middle links for its 3 s and would delay clicks on them.
 */
async function consumeFlashToast(page: Page): Promise<void> {
  const response = await page.request.get("/");
  expect(response.status()).toBe(200);
}

/**
 * Creates the account and leaves `page`'s browser context signed in as it (no page load).
 * `origin`: the server's, when it is not the shared one.
 */
export async function signUp(page: Page, account: Account, origin?: string): Promise<void> {
  await registerViaForm(page.request, account, origin);
  await consumeFlashToast(page);
}

/** Signs `page`'s browser context in with a form POST to /login (no page load). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post("/login", {
    headers: SAME_ORIGIN,
    form: { email, password },
    maxRedirects: 0,
  });
  expect(response.status(), "inicio de sesión").toBe(302);
  await consumeFlashToast(page);
}

/** Fills /login (navigating there unless already on it) and submits; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), "http://x").pathname.startsWith("/login")) await page.goto("/login");
  await field(page, "Correo electrónico").fill(email);
  await field(page, "Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
}

/** Signs in through /login and waits until the app has left /login. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The navbar button that opens the user menu, named with the user's display name. */
export function userMenuButton(page: Page, displayName: string): Locator {
  return page.getByRole("banner").getByRole("button", { name: displayName, exact: true });
}

/** A toast (Mantine notification, role alert) with this title; assert its message on the result. */
export function toast(page: Page, title: string): Locator {
  return page.getByRole("alert").filter({ hasText: title });
}

/**
 * The toast with this title and message, checked in one go: it lasts 3 s, less than a second
 * assertion may take on a loaded machine. The long wait covers the page's revalidation.
 */
/**
 * Records the page's data requests (React Router's `.data`: actions and loader reloads) from now
 * on; `stop()` ends the recording and gives them as "METHOD /path", in order.
 */
export function recordDataRequests(page: Page): { stop(): string[] } {
  const seen: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data")) seen.push(`${request.method()} ${url.pathname}`);
  };
  page.on("request", record);
  return {
    stop() {
      page.off("request", record);
      return seen;
    },
  };
}

export async function expectToast(page: Page, title: string, message: string | RegExp): Promise<void> {
  await expect(toast(page, title).filter({ hasText: message })).toBeVisible({ timeout: 45_000 });
}

/**
 * Closes the toasts on screen with their own 'Cerrar aviso' button (as a person would, instead of
 * waiting out their 3 s), so that the next identical message is a new one.
 */
export async function noToasts(page: Page): Promise<void> {
  const alerts = page.getByRole("alert");
  for (const close of await alerts.getByRole("button", { name: "Cerrar aviso" }).all()) {
    // A toast may close by itself meanwhile: then there is nothing to click.
    await close.click({ timeout: 3_000 }).catch(() => undefined);
  }
  // A click that timed out (a toast still sliding in is not yet stable) leaves the pointer over
  // it, and Mantine holds a hovered toast open: away from it, its own 3 s run out.
  await page.mouse.move(0, 0);
  await expect(alerts).toHaveCount(0, { timeout: 10_000 });
}

/** The two teams of a match label 'Local vs Visitante'. */
export function teams(label: string): [string, string] {
  return label.split(" vs ") as [string, string];
}

/** A pick: goals of the home team and of the away team. */
export type Score = readonly [number, number];

/**
 * Fills the home page's prediction form, which takes only a whole submission: the matches of
 * `picks` (by their label) box by box as a person types, with `leaveEmpty`'s away box left
 * blank; every other open match 0–0, set in one step (typing into each of a season's hundred
 * boxes by name took some 40 s of the suite and tests nothing the named ones do not). Returns how
 * many open matches the form has.
 */
export async function fillPredictions(page: Page, picks: Record<string, Score>, leaveEmpty?: string): Promise<number> {
  const open = page.getByRole("group").filter({ has: page.getByRole("spinbutton") });
  await expect(open.first()).toBeVisible();
  await page.getByRole("spinbutton").evaluateAll((boxes) => {
    for (const box of boxes as HTMLInputElement[]) box.value = "0";
  });
  for (const [label, [home, away]] of Object.entries(picks)) {
    const group = page.getByRole("group", { name: label, exact: true });
    const [local, visitor] = teams(label);
    await group.getByRole("spinbutton", { name: `Goles de ${local}`, exact: true }).fill(String(home));
    await group
      .getByRole("spinbutton", { name: `Goles de ${visitor}`, exact: true })
      .fill(label === leaveEmpty ? "" : String(away));
  }
  return open.count();
}

/**
 * Makes sure admin@quiniela.test exists (the server promotes ADMIN_EMAIL when it registers):
 * tries to sign in first (the account may exist from an earlier worker of this run), registers
 * only when that is refused. Uses its own request context, for beforeAll hooks.
 */
export async function ensureAdmin(playwright: { request: APIRequest }, baseURL: string | undefined): Promise<void> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    const signIn = await request.post("/login", {
      headers: SAME_ORIGIN,
      form: { email: ADMIN.email, password: ADMIN.password },
      maxRedirects: 0,
    });
    if (signIn.status() === 302) return;
    expect(signIn.status(), "inicio de sesión del administrador").toBe(401);
    await registerViaForm(request, ADMIN);
  } finally {
    await request.dispose();
  }
}

/**
 * Waits until the page's React Router app is running: fetcher forms, menus, dialogs and live
 * updates only work with JavaScript, and on a busy machine a click could come before hydration.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state
        .initialized === true,
  );
}

/** Goes to a page and waits for it to be hydrated. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/**
 * Signs the admin's browser context in with one sign-in attempt (the form POST of /login), or
 * registers the account when it does not exist yet (the server makes ADMIN_EMAIL admin). One
 * attempt matters: the server allows 10 sign-ins per e-mail in 15 minutes, and the other files
 * sign the same admin in several times on the shared server.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const signIn = () =>
    page.request.post("/login", {
      headers: SAME_ORIGIN,
      form: { email: ADMIN.email, password: ADMIN.password },
      maxRedirects: 0,
    });
  const first = await signIn();
  if (first.status() !== 302) {
    expect(first.status(), "inicio de sesión del administrador").toBe(401);
    const registered = await page.request.post("/register", {
      headers: SAME_ORIGIN,
      form: { name: ADMIN.name, email: ADMIN.email, password: ADMIN.password, confirmPassword: ADMIN.password },
      maxRedirects: 0,
    });
    // Refused: another worker registered it meanwhile, so it exists now.
    if (registered.status() !== 302) expect((await signIn()).status(), "inicio de sesión del administrador").toBe(302);
  }
  // Takes the flash toast, so it does not cover the first admin page.
  await page.request.get("/");
}

/**
 * Switches the open page's colour mode as another tab of the app would: the stored key and its
 * storage event. The event is sent again until the page follows it: the router reports itself
 * ready (`hydrated`) before React has run the effects that listen for it, and an event sent in
 * between is heard by nobody.
 */
export async function switchScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await expect(async () => {
    await page.evaluate((value) => {
      const key = "quiniela-color-scheme";
      const oldValue = localStorage.getItem(key);
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent("storage", { key, oldValue, newValue: value, storageArea: localStorage }));
    }, scheme);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme, { timeout: 1_000 });
  }).toPass();
}
