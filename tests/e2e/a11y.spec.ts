import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { startOwnServer, type OwnServer } from "../../scripts/lib/own-server";
import { AXE_TAGS, violationsInBothSchemes } from "./axe";
import { hydrated } from "./support";

/**
 * Accessibility (issue 14, item 17): axe-core with the WCAG 2.1 A/AA rules and its best
 * practices, on every page of the demo season (and the states a person opens on them: a chosen
 * 'Jornada', an opened phase of the match picker, the menus, a dialog), at phone width and on a
 * desktop, in light and dark mode. A failure lists every violating element with its rule, its
 * selector, the page and the mode (for contrast, the colours and the ratio).
 *
 * Each screen loads once per width: every rule runs in light mode, then the page switches to dark
 * as another tab would (the app's colour key in localStorage and its storage event) and the rules
 * that read colours run again. The markup is the same in both modes (only CSS variables change),
 * so the other rules would only repeat themselves; the colour rules are the ones a dark theme breaks.
 *
 * The shared e2e server starts on an empty database, so each worker that runs this file serves
 * the demo season from a data folder of its own (`startOwnServer`, as visual.spec.ts; decision 006).
 */

/** app/ui/theme/theme.ts COLOR_SCHEME_KEY: the colour mode the app keeps in localStorage (checked on every page below). */
const COLOR_SCHEME_KEY = "quiniela-color-scheme";

/** The demo's accounts and pool (scripts/lib/demo-season.ts). */
const DEMO_PASSWORD = "quiniela2024";
const DEMO_ADMIN_EMAIL = "admin@quiniela.local";
const DEMO_PLAYER_EMAIL = "chucho@quiniela.local";
const DEMO_POOL_GUEST_EMAIL = "karen@quiniela.local";
const DEMO_POOL_NAME = "Liguilla de la oficina";

/** The one player who generates a password link here (its sessions are not used by the others). */
const RESET_EMAIL = "lupita@quiniela.local";
/** A player outside the demo pool (its first eight people are in it), invited by its link. */
const INVITED_EMAIL = "richi@quiniela.local";

type Role = "visitante" | "jugador" | "participante" | "admin" | "restablece" | "invitado";

const ACCOUNTS: Record<Exclude<Role, "visitante">, string> = {
  jugador: DEMO_PLAYER_EMAIL,
  participante: DEMO_POOL_GUEST_EMAIL,
  admin: DEMO_ADMIN_EMAIL,
  restablece: RESET_EMAIL,
  invitado: INVITED_EMAIL,
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

interface Demo {
  baseURL: string;
  /** Cookies of each signed-in role. */
  sessions: Record<Exclude<Role, "visitante">, StorageState>;
  /** The demo's pool, 'Liguilla de la oficina': /quiniela/<id>. */
  poolPath: string;
  /** Its invite link: /quiniela/<id>/unirse?codigo=… */
  invitePath: string;
  /** The demo's leader's page: /jugador/<id> (the first name of /rankings). */
  playerPath: string;
}

interface Mode {
  name: string;
  viewport: { width: number; height: number };
}

const MODES: readonly Mode[] = [
  { name: "teléfono", viewport: { width: 375, height: 812 } },
  { name: "escritorio", viewport: { width: 1280, height: 800 } },
];

const isPhone = (mode: Mode) => mode.viewport.width < 576;

/** One browser context per role and width, kept for the worker: pages after the first load from its cache. */
type Contexts = (role: Role, mode: Mode) => Promise<BrowserContext>;

const test = base.extend<object, { demo: Demo; contexts: Contexts }>({
  demo: [
    async ({ playwright }, provide) => {
      let server: OwnServer | undefined;
      try {
        server = await startOwnServer("a11y", DEMO_ADMIN_EMAIL, {
          demo: true,
          env: {
            // Every sign-in of the worker comes from 127.0.0.1.
            AUTH_RATE_LIMIT_PER_EMAIL: "10000",
            // '¿Olvidaste tu contraseña?' exists only with SMTP settings; no mail is sent here.
            SMTP_HOST: "127.0.0.1",
            SMTP_PORT: "2525",
            SMTP_FROM: "Quiniela <quiniela@example.com>",
          },
        });
        const baseURL = server.url;
        const sessions = {} as Demo["sessions"];
        for (const [role, email] of Object.entries(ACCOUNTS) as [keyof Demo["sessions"], string][]) {
          // Outside a page, a write carries the site's Origin itself (the server refuses it otherwise).
          const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
          const signIn = await context.post("/login", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
          expect(signIn.status(), `inicio de sesión de ${email}`).toBe(302);
          // Takes the sign-in's flash toast, so that it does not show on the first page.
          await context.get("/");
          sessions[role] = await context.storageState();
          await context.dispose();
        }
        const player = await playwright.request.newContext({ baseURL, storageState: sessions.jugador });
        const pools = await (await player.get("/quinielas")).text();
        await player.dispose();
        // The player is in one pool, the demo's (its page's title is checked below).
        const poolPath = /href="(\/quiniela\/\d+)"/.exec(pools)?.[1];
        expect(poolPath, "la quiniela de la demostración en /quinielas").toBeTruthy();
        // Its creator's page holds the invite link.
        const owner = await playwright.request.newContext({ baseURL, storageState: sessions.jugador });
        const invitePath = /(\/quiniela\/\d+\/unirse\?codigo=[\w-]+)/.exec(
          await (await owner.get(poolPath!)).text(),
        )?.[1];
        await owner.dispose();
        expect(invitePath, "el enlace de invitación de la quiniela").toBeTruthy();
        const visitor = await playwright.request.newContext({ baseURL });
        const playerPath = /href="(\/jugador\/[\w-]+)"/.exec(await (await visitor.get("/rankings")).text())?.[1];
        await visitor.dispose();
        expect(playerPath, "el enlace a la página de un jugador en /rankings").toBeTruthy();
        await provide({ baseURL, sessions, poolPath: poolPath!, invitePath: invitePath!, playerPath: playerPath! });
      } finally {
        await server?.stop();
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  contexts: [
    async ({ browser, demo }, provide) => {
      const open = new Map<string, Promise<BrowserContext>>();
      await provide((role, mode) => {
        const key = `${role} · ${mode.name}`;
        if (!open.has(key)) open.set(key, newContext(browser, demo, role, mode));
        return open.get(key)!;
      });
      for (const context of open.values()) await (await context).close();
    },
    { scope: "worker" },
  ],
});

/** A context of the demo at the given width, signed in as `role`, in light mode (the app's own localStorage key). */
function newContext(browser: Browser, demo: Demo, role: Role, mode: Mode): Promise<BrowserContext> {
  const session = role === "visitante" ? { cookies: [], origins: [] } : demo.sessions[role];
  return browser.newContext({
    baseURL: demo.baseURL,
    viewport: mode.viewport,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    storageState: {
      cookies: session.cookies,
      origins: [{ origin: demo.baseURL, localStorage: [{ name: COLOR_SCHEME_KEY, value: "light" }] }],
    },
  });
}

interface Step {
  /** What is on screen, for the report: 'página', 'menú de usuario abierto'… */
  state: string;
  /** Brings the state on screen; the first step usually only loads the page. */
  open?: (page: Page, mode: Mode) => Promise<void>;
  /** Only in these modes (the visitor's menu is the phone's drawer). */
  only?: (mode: Mode) => boolean;
}

interface Screen {
  role: Role;
  path: string | ((demo: Demo) => string);
  /** Analysed after the page loads and after each step's `open`. */
  steps?: Step[];
  /** The page's h1, when it is worth checking that the right page opened. */
  heading?: string;
  /** The test's name for a path that depends on the demo's ids. */
  label?: string;
}

/** Opens a phase of the pool match picker (on /quiniela/new, or a pool's 'Cambiar partidos'). */
async function openPickerPhase(page: Page, name: string): Promise<void> {
  const phase = page.getByRole("button", { name: new RegExp(`^${name}:`) });
  await phase.click();
  await expect(phase).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("group", { name: `Partidos de ${name}` })).toBeVisible();
}

const pickerPhase: Step = {
  state: "fase 'Jornada 1' del selector de partidos abierta",
  open: (page) => openPickerPhase(page, "Jornada 1"),
};

const revealedPredictions: Step = {
  state: "pronósticos revelados de una jornada abiertos",
  open: async (page) => {
    const revealed = page.getByRole("region", { name: "Pronósticos de los participantes" });
    await revealed.locator("summary").first().click();
    await expect(revealed.getByRole("table").first()).toBeVisible();
  },
};

/** The phone's drawer, opened by the burger. */
const phoneMenu: Step = {
  state: "menú del teléfono abierto",
  only: isPhone,
  open: async (page) => {
    // 'Abrir menú, te faltan …' for a player with picks to make.
    await page.getByRole("button", { name: /^Abrir menú/ }).click();
    await expect(page.getByRole("dialog", { name: "Menú" })).toBeVisible();
  },
};

/** On a desktop the navbar's menu opened by `button` (the user's, the admin's); on a phone the drawer. */
const navbarMenu = (button: string | RegExp, item: string): Step => ({
  state: "menú abierto",
  open: async (page, mode) => {
    if (isPhone(mode)) {
      await phoneMenu.open!(page, mode);
    } else {
      await page.getByRole("banner").getByRole("button", { name: button }).click();
      await expect(page.getByRole("menu").getByText(item, { exact: true })).toBeVisible();
    }
  },
});

const SCREENS: readonly Screen[] = [
  // Signed out.
  { role: "visitante", path: "/login", steps: [{ state: "página" }, phoneMenu] },
  { role: "visitante", path: "/register" },
  // Someone without an account opens the demo pool's invite link: /login names the pool.
  {
    role: "visitante",
    path: (demo) => demo.invitePath,
    label: "/quiniela/<la de la demostración>/unirse → /login",
    heading: "Iniciar Sesión",
  },
  {
    role: "visitante",
    path: "/rankings",
    steps: [
      { state: "página" },
      {
        state: "'Jornada 17' elegida",
        open: async (page) => {
          await page.getByRole("combobox", { name: "Jornada" }).selectOption({ label: "Jornada 17" });
          await expect(page).toHaveURL(/jornada=\d+/);
          await expect(page.getByRole("heading", { name: "Jornada 17", level: 2 })).toBeVisible();
        },
      },
    ],
  },
  { role: "visitante", path: "/rankings/historico", heading: "Tabla de Posiciones" },
  // A player's page (the demo's leader), and another jornada's picks on it.
  {
    role: "visitante",
    path: (demo) => demo.playerPath,
    label: "/jugador/<la líder de la demostración>",
    heading: "Karen",
    steps: [
      { state: "página" },
      {
        state: "pronósticos de 'Jornada 3'",
        open: async (page) => {
          await page
            .getByRole("navigation", { name: "Pronósticos por jornada" })
            .getByRole("link", { name: "Jornada 3", exact: true })
            .click();
          await expect(page.getByRole("table", { name: "Pronósticos de Jornada 3" })).toBeVisible();
        },
      },
    ],
  },
  { role: "visitante", path: "/rankings/cambios", heading: "Tabla de Posiciones" },
  { role: "visitante", path: "/quiniela/quinielas-capturadas" },
  { role: "visitante", path: "/reset-password?token=no-vale" },
  { role: "visitante", path: "/olvide-contrasena", heading: "¿Olvidaste tu contraseña?" },
  // Signed in: a player, the demo pool's creator.
  {
    role: "jugador",
    path: "/",
    steps: [
      {
        // 'Cómo vas' on the demo (the same every run): where the player stands after its last two rounds.
        state: "página",
        open: async (page) => {
          const summary = page.getByRole("region", { name: "Cómo vas", exact: true });
          await expect(summary.getByRole("definition").first()).toHaveText(/^3\.º de 20/);
          await expect(summary.getByText("Sigues en el mismo puesto desde Final Ida", { exact: true })).toBeAttached();
          await expect(summary.getByText("195 puntos", { exact: true })).toBeVisible();
          await expect(summary.getByText("Última jornada", { exact: true })).toBeVisible();
          await expect(summary.getByText("1 punto", { exact: true })).toBeVisible();
          await expect(summary.getByText("Final Vuelta", { exact: true })).toBeVisible();
          await expect(summary.getByText("No tienes pronósticos pendientes por ahora", { exact: true })).toBeVisible();
        },
      },
      {
        // Folded after the sign-in's first visit; its title opens it.
        state: "'¿Cómo se juega?' abierto",
        open: async (page) => {
          const rule = page.getByText("Los pronósticos se cierran al comenzar cada partido.", { exact: true });
          await expect(rule).toBeHidden();
          await page.getByRole("heading", { name: "¿Cómo se juega?", level: 2 }).click();
          await expect(rule).toBeVisible();
        },
      },
    ],
  },
  {
    role: "jugador",
    path: "/rankings",
    steps: [
      {
        // 'Evolución de la temporada': the top 5 and the player's own line (3.º: among them), by role and name.
        state: "página",
        open: async (page) => {
          const chart = page.getByRole("region", { name: "Evolución de la temporada" });
          await expect(chart.getByRole("img", { name: "Evolución de la temporada" })).toBeVisible();
          await expect(chart.getByRole("listitem")).toHaveCount(5);
          await expect(chart.getByRole("listitem").filter({ hasText: "Chucho ⚽ (tú)" })).toBeVisible();
          await expect(chart.getByRole("table", { name: "Posición por jornada" })).toBeHidden();
        },
      },
      {
        state: "'Posición por jornada' abierto",
        open: async (page) => {
          const chart = page.getByRole("region", { name: "Evolución de la temporada" });
          await chart.locator("summary", { hasText: "Posición por jornada" }).click();
          const table = chart.getByRole("table", { name: "Posición por jornada" });
          await expect(table).toBeVisible();
          await expect(table.getByRole("columnheader", { name: "Chucho ⚽ (tú)" })).toBeVisible();
          await expect(table.getByRole("rowheader", { name: "Jornada 1", exact: true })).toBeVisible();
        },
      },
    ],
  },
  { role: "jugador", path: "/quinielas" },
  { role: "jugador", path: "/quiniela/new", steps: [{ state: "página" }, pickerPhase] },
  {
    role: "jugador",
    path: (demo) => demo.poolPath,
    heading: DEMO_POOL_NAME,
    steps: [
      { state: "página" },
      {
        state: "'Cambiar partidos' y su fase 'Jornada 1' abiertos",
        open: async (page) => {
          await page.getByRole("button", { name: "Cambiar partidos", exact: true }).click();
          await openPickerPhase(page, "Jornada 1");
        },
      },
      revealedPredictions,
    ],
  },
  { role: "jugador", path: "/profile", steps: [{ state: "página" }, navbarMenu(/Chucho/, "Modo oscuro")] },
  // A participant of the demo pool.
  {
    role: "participante",
    path: (demo) => demo.poolPath,
    heading: DEMO_POOL_NAME,
    steps: [{ state: "página" }, revealedPredictions],
  },
  // Someone outside the demo pool opens its invite link.
  {
    role: "invitado",
    path: (demo) => demo.invitePath,
    label: "/quiniela/<la de la demostración>/unirse",
    heading: "Unirse a una quiniela",
  },
  // The admin's screens.
  { role: "admin", path: "/admin", heading: "Administración" },
  {
    role: "admin",
    path: "/admin/matches",
    steps: [{ state: "página" }, navbarMenu("Administración", "Importar Resultados")],
  },
  { role: "admin", path: "/admin/results" },
  { role: "admin", path: "/admin/activar-quinielas" },
  {
    role: "admin",
    path: "/admin/users",
    steps: [
      { state: "página" },
      {
        state: "diálogo 'Nuevo Usuario'",
        open: async (page) => {
          await page.getByRole("button", { name: "Nuevo Usuario", exact: true }).click();
          await expect(page.getByRole("dialog", { name: "Nuevo Usuario" })).toBeVisible();
        },
      },
    ],
  },
  { role: "admin", path: "/admin/predictions" },
  { role: "admin", path: "/admin/ver-quinielas" },
  { role: "admin", path: "/admin/estado-pronosticos" },
  { role: "admin", path: "/admin/importar-resultados" },
  { role: "admin", path: "/admin/bitacora", heading: "Bitácora" },
  {
    role: "admin",
    path: "/admin/temporadas",
    heading: "Temporadas",
    steps: [
      { state: "página" },
      {
        state: "formulario 'Nueva Temporada'",
        open: async (page) => {
          await page.getByRole("button", { name: "Nueva Temporada", exact: true }).click();
          await expect(page.getByRole("combobox", { name: "Plantilla", exact: true })).toBeVisible();
        },
      },
      {
        // The demo already has the World Cup: the problems, by row.
        state: "problemas de la plantilla (nombre repetido)",
        open: async (page) => {
          await page.getByRole("button", { name: "Revisar", exact: true }).click();
          await expect(page.getByRole("alert").filter({ hasText: "Ya existe una temporada" })).toBeVisible();
        },
      },
      {
        // 'Revisar' only reads the template: nothing is created on the shared demo.
        state: "vista previa de la plantilla",
        open: async (page) => {
          // The last step's toast goes first (closed with its button): a toast fading out is no contrast to judge.
          const refused = page.getByRole("alert").filter({ hasText: "No se pudo crear la temporada" });
          await refused
            .getByRole("button", { name: "Cerrar aviso" })
            .click({ timeout: 1_000 })
            .catch(() => undefined);
          await expect(refused).toHaveCount(0, { timeout: 10_000 });
          await page
            .getByRole("textbox", { name: "Nombre de la temporada", exact: true })
            .fill("Copa Mundial de prueba");
          await page.getByRole("button", { name: "Revisar", exact: true }).click();
          await expect(page.getByRole("heading", { name: "Vista previa: Copa Mundial de prueba" })).toBeVisible();
        },
      },
    ],
  },
];

for (const mode of MODES) {
  test.describe(mode.name, () => {
    for (const screen of SCREENS) {
      const label =
        typeof screen.path === "string" ? screen.path : (screen.label ?? "/quiniela/<la de la demostración>");
      test(`${label} (${screen.role})`, async ({ demo, contexts }) => {
        const url = typeof screen.path === "string" ? screen.path : screen.path(demo);
        const page = await (await contexts(screen.role, mode)).newPage();
        try {
          await page.goto(url);
          await hydrated(page);
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
          await expect(
            page.getByRole("heading", { level: 1, ...(screen.heading && { name: screen.heading }) }),
          ).toBeVisible();
          const violations: string[] = [];
          for (const step of screen.steps ?? [{ state: "página" }]) {
            if (step.only && !step.only(mode)) continue;
            await step.open?.(page, mode);
            violations.push(
              ...(await violationsInBothSchemes(page, `${mode.name} · ${url} (${screen.role}, ${step.state})`)),
            );
          }
          expect(violations, `axe (${AXE_TAGS.join(", ")}): ${violations.length} elementos con violaciones`).toEqual(
            [],
          );
        } finally {
          await page.close();
        }
      });
    }
  });

  test.describe(`${mode.name} · enlace para restablecer la contraseña`, () => {
    test("/profile con el enlace generado, y /reset-password con ese enlace (visitante)", async ({ contexts }) => {
      const owner = { page: await (await contexts("restablece", mode)).newPage() };
      const visitor = { page: await (await contexts("visitante", mode)).newPage() };
      try {
        await owner.page.goto("/profile");
        await hydrated(owner.page);
        await owner.page.getByRole("button", { name: "Generar enlace", exact: true }).click();
        const linkField = owner.page.getByRole("textbox", { name: "Enlace de restablecimiento" });
        await expect(linkField).toHaveValue(/\/reset-password\?token=/);
        const violations = await violationsInBothSchemes(
          owner.page,
          `${mode.name} · /profile (restablece, enlace generado)`,
        );
        await visitor.page.goto(await linkField.inputValue());
        await hydrated(visitor.page);
        await expect(visitor.page.getByText(`Nueva contraseña para ${RESET_EMAIL}`)).toBeVisible();
        violations.push(
          ...(await violationsInBothSchemes(
            visitor.page,
            `${mode.name} · /reset-password?token=… (visitante, enlace válido)`,
          )),
        );
        expect(violations, `axe (${AXE_TAGS.join(", ")}): ${violations.length} elementos con violaciones`).toEqual([]);
      } finally {
        await owner.page.close();
        await visitor.page.close();
      }
    });
  });
}
