import http from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import { requestText, startTestServer, type TestServer } from "../support/server";

/**
 * The app to install (issue 45, item 1): what the server answers for it. What a browser makes of
 * it (installable, the worker registered, the offline page) is tests/e2e/installable-app.spec.ts;
 * the worker's own rules are scripts/lib/service-worker.test.ts.
 */

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await createUser(server, { name: "Paula", email: "paula@quiniela.test" });
});
afterAll(() => server.close());

const get = (path: string, signedIn = false) => requestText(server, path, signedIn ? { cookie } : {});

/** A PNG's width and height, from its header (IHDR), and whether it is one. */
async function pngSize(path: string): Promise<{ type: string | null; width: number; height: number }> {
  const response = await server.request(path);
  const body = Buffer.from(await response.arrayBuffer());
  expect(response.status, path).toBe(200);
  expect(body.subarray(1, 4).toString("latin1"), path).toBe("PNG");
  return { type: response.headers.get("content-type"), width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

/** The status of a revalidation with this ETag, as a browser sends it. */
function revalidated(path: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) =>
    http
      .get(`${server.url}${path}`, { headers: { "If-None-Match": etag } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject),
  );
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test("the web manifest: Quiniela in Spanish, opening / on its own window, with its colours and icons", async () => {
  const response = await get("/manifest.webmanifest");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
  expect(response.headers.get("cache-control")).toBe("no-cache");
  const manifest = JSON.parse(response.body) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: "Quiniela",
    short_name: "Quiniela",
    lang: "es",
    start_url: "/",
    scope: "/",
    display: "standalone",
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

  const purposes = (icon: ManifestIcon) => (icon.purpose ?? "any").split(" ");
  for (const size of ["192x192", "512x512"]) {
    expect(
      manifest.icons.some((icon) => icon.sizes === size && purposes(icon).includes("any")),
      size,
    ).toBe(true);
  }
  expect(manifest.icons.some((icon) => purposes(icon).includes("maskable"))).toBe(true);
  // Each icon is served, a PNG of the size it says.
  for (const icon of manifest.icons) {
    const { type, width, height } = await pngSize(icon.src);
    expect(type, icon.src).toBe("image/png");
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
});

test("every page links the manifest and the apple-touch-icon, sets a theme colour and registers the worker", async () => {
  for (const [path, signedIn] of [
    ["/login", false],
    ["/", true],
    ["/rankings", true],
  ] as const) {
    const page = await get(path, signedIn);
    expect(page.status, path).toBe(200);
    expect(page.body, path).toMatch(/<link [^>]*rel="manifest" href="\/manifest\.webmanifest"\/>/);
    expect(page.body, path).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/icons\/apple-touch-icon\.png"\/>/);
    expect(page.body, path).toContain(`meta.name = "theme-color";`);
    expect(page.body, path).toContain('navigator.serviceWorker.register("/sw.js")');
  }
  const appleIcon = await pngSize("/icons/apple-touch-icon.png");
  expect(appleIcon).toEqual({ type: "image/png", width: 180, height: 180 });
});

test("the CSP lets the page load our own worker and manifest, and nobody else's", async () => {
  for (const [path, signedIn] of [
    ["/login", false],
    ["/", true],
  ] as const) {
    const csp = (await get(path, signedIn)).headers.get("content-security-policy") ?? "";
    const directives = csp.split(";").map((directive) => directive.trim());
    expect(directives, path).toContain("worker-src 'self'");
    expect(directives, path).toContain("manifest-src 'self'");
  }
});

test("the service worker is served as a script that browsers always revalidate, with this build's version, and no cookie", async () => {
  const worker = await get("/sw.js", true);
  expect(worker.status).toBe(200);
  expect(worker.headers.get("content-type")).toMatch(/javascript/);
  // Never long-cached: a kept copy would keep the old release running after a new one is out.
  expect(worker.headers.get("cache-control")).toBe("no-cache");
  expect(worker.headers.getSetCookie()).toEqual([]);
  expect(worker.body).toMatch(/const VERSION = "[0-9a-f]{16}";/);
  expect(worker.body).not.toContain("__BUILD_VERSION__");
  // Unchanged, the browser's check is a 304.
  expect(await revalidated("/sw.js", worker.headers.get("etag")!)).toBe(304);
  // The other public files keep their hour.
  expect((await get("/favicon.svg")).headers.get("cache-control")).toBe("public, max-age=3600");
});

test("the offline page: 'Sin conexión' in Spanish with a way to try again, and the files it loads", async () => {
  const page = await get("/offline.html");
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  expect(page.body).toContain('<html lang="es-MX">');
  expect(page.body).toContain("<h1>Sin conexión</h1>");
  expect(page.body).toContain('<a href="">Reintentar</a>');
  // It runs no inline script (the CSP it is kept with would refuse it): its one script is a file.
  expect(page.body.match(/<script\b[^>]*>/g)).toEqual(['<script src="/offline.js">']);
  for (const [path, type] of [
    ["/offline.js", /javascript/],
    ["/icons/icon.svg", /^image\/svg\+xml/],
  ] as const) {
    const file = await get(path);
    expect(file.status, path).toBe(200);
    expect(file.headers.get("content-type"), path).toMatch(type);
  }
});
