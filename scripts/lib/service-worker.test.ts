import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, test } from "vitest";

import { releaseVersion, stampServiceWorker, VERSION_PLACEHOLDER } from "./service-worker";

/**
 * public/sw.js as the build ships it (its version written in), run in a scope of its own with the
 * parts of a browser's worker it uses: the events it listens to, the Cache Storage, fetch. The
 * browser test (tests/e2e/installable-app.spec.ts) runs it in Chromium; this one reaches what a
 * browser test cannot cheaply: a second release taking over from the first.
 */

const SOURCE = fs.readFileSync(path.resolve(import.meta.dirname, "../../public/sw.js"), "utf8");
const ORIGIN = "https://quiniela.example";

type Listener = (event: FakeEvent) => void;

interface FakeEvent {
  request?: Request;
  preloadResponse?: Promise<Response | undefined>;
  waitUntil(promise: Promise<unknown>): void;
  respondWith(response: Promise<Response>): void;
}

/** A browser's Cache Storage, shared by the releases of one test: cache name → URL → answer. */
class FakeCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  constructor(private readonly network: (request: Request) => Promise<Response>) {}
  async open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    const url = (request: Request | string) =>
      new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
    return {
      match: async (request: Request | string) => store.get(url(request))?.clone(),
      put: async (request: Request | string, response: Response) => void store.set(url(request), response),
      addAll: async (requests: Request[]) => {
        for (const request of requests) store.set(request.url, await this.network(request));
      },
    };
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(request: Request | string) {
    for (const name of this.stores.keys()) {
      const found = await (await this.open(name)).match(request);
      if (found) return found;
    }
    return undefined;
  }
  /** Every URL kept, in every cache. */
  urls(): string[] {
    return [...this.stores.values()].flatMap((store) => [...store.keys()].map((url) => new URL(url).pathname));
  }
}

/** The network: an answer per path, or down. Counts what reached it. */
class FakeNetwork {
  down = false;
  readonly asked: string[] = [];
  fetch = async (input: Request | string): Promise<Response> => {
    const request = typeof input === "string" ? new Request(new URL(input, ORIGIN)) : input;
    const { pathname } = new URL(request.url);
    this.asked.push(pathname);
    if (this.down) throw new TypeError("Failed to fetch");
    const response = new Response(`${pathname} de la red`, { status: 200 });
    // Fetch's own answers to same-origin requests are 'basic'.
    Object.defineProperty(response, "type", { value: "basic" });
    return response;
  };
}

/** A worker's Request: a path is read against the worker's own address, as in a browser. */
class WorkerRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === "string" ? new URL(input, ORIGIN) : input, init);
  }
}

/** One release's worker, started in `caches`: its events, and what it did. */
function startWorker(version: string, network: FakeNetwork, caches: FakeCaches) {
  const listeners = new Map<string, Listener>();
  const calls = { skipWaiting: 0, claim: 0, preload: 0 };
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => void calls.skipWaiting++,
    clients: { claim: async () => void calls.claim++ },
    registration: { navigationPreload: { enable: async () => void calls.preload++ } },
    location: new URL(`${ORIGIN}/sw.js`),
  };
  vm.runInNewContext(stampServiceWorker(SOURCE, version), {
    self: scope,
    caches,
    fetch: network.fetch,
    Request: WorkerRequest,
    Response,
    URL,
    Promise,
  });

  /** Dispatches a lifecycle event and waits for what it asked to wait for. */
  async function lifecycle(type: "install" | "activate") {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ waitUntil: (promise) => waits.push(promise), respondWith: () => {} });
    await Promise.all(waits);
  }

  /** A request as a page makes it: the worker's answer, or undefined when it lets the browser ask the network. */
  async function request(pathname: string, init: RequestInit & { navigate?: boolean } = {}) {
    const request = new Request(new URL(pathname, ORIGIN), init);
    if (init.navigate) Object.defineProperty(request, "mode", { value: "navigate" });
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    listeners.get("fetch")!({
      request,
      preloadResponse: Promise.resolve(undefined),
      waitUntil: (promise) => waits.push(promise),
      respondWith: (response) => (answer = response),
    });
    const response = answer && (await answer);
    await Promise.all(waits);
    return response && { status: response.status, text: await response.text() };
  }

  return { lifecycle, request, calls };
}

describe("the service worker", () => {
  test("install keeps the offline page and its files, and takes over without waiting", async () => {
    const network = new FakeNetwork();
    const caches = new FakeCaches(network.fetch);
    const worker = startWorker("v1", network, caches);
    await worker.lifecycle("install");
    expect([...caches.stores.keys()]).toEqual(["quiniela-v1"]);
    expect(caches.urls().sort()).toEqual(["/icons/icon.svg", "/offline.html", "/offline.js"]);
    expect(worker.calls.skipWaiting).toBe(1);
  });

  test("pages come from the network and are never kept; with the network gone, the offline page", async () => {
    const network = new FakeNetwork();
    const caches = new FakeCaches(network.fetch);
    const worker = startWorker("v1", network, caches);
    await worker.lifecycle("install");
    await worker.lifecycle("activate");

    for (const page of ["/", "/profile", "/rankings?jornada=3", "/quiniela/1"]) {
      expect(await worker.request(page, { navigate: true }), page).toEqual({
        status: 200,
        text: `${page.split("?")[0]} de la red`,
      });
    }
    network.down = true;
    const offline = await worker.request("/profile", { navigate: true });
    expect(offline).toEqual({ status: 200, text: "/offline.html de la red" });
    expect(caches.urls().sort()).toEqual(["/icons/icon.svg", "/offline.html", "/offline.js"]);
  });

  test("hashed assets are kept and answered from the cache; nothing that depends on a session is", async () => {
    const network = new FakeNetwork();
    const caches = new FakeCaches(network.fetch);
    const worker = startWorker("v1", network, caches);
    await worker.lifecycle("install");
    await worker.lifecycle("activate");

    expect(await worker.request("/assets/root-AbC123.js")).toEqual({
      status: 200,
      text: "/assets/root-AbC123.js de la red",
    });
    network.down = true;
    expect(await worker.request("/assets/root-AbC123.js")).toEqual({
      status: 200,
      text: "/assets/root-AbC123.js de la red",
    });
    expect(network.asked.filter((asked) => asked.startsWith("/assets/"))).toEqual(["/assets/root-AbC123.js"]);
    network.down = false;

    // Left to the browser: loader data, the live-update stream, badges, non-GET, other origins, a page fetched by script.
    expect(await worker.request("/rankings.data")).toBeUndefined();
    expect(await worker.request("/_root.data")).toBeUndefined();
    expect(await worker.request("/eventos")).toBeUndefined();
    expect(await worker.request("/badges/1.svg")).toBeUndefined();
    expect(await worker.request("/profile")).toBeUndefined();
    expect(await worker.request("/assets/x.js", { method: "POST", body: "x" })).toBeUndefined();
    expect(await worker.request("/login", { method: "POST", body: "x", navigate: true })).toBeUndefined();
    expect(await worker.request("https://cdn.example/assets/a.js")).toBeUndefined();

    expect(caches.urls().sort()).toEqual(["/assets/root-AbC123.js", "/icons/icon.svg", "/offline.html", "/offline.js"]);
  });

  test("a new release takes over at once and deletes the old release's copies", async () => {
    const network = new FakeNetwork();
    const caches = new FakeCaches(network.fetch);
    const first = startWorker("v1", network, caches);
    await first.lifecycle("install");
    await first.lifecycle("activate");
    await first.request("/assets/root-old.js");
    expect(first.calls).toEqual({ skipWaiting: 1, claim: 1, preload: 1 });

    const second = startWorker("v2", network, caches);
    await second.lifecycle("install");
    // Installed beside the old one, which still answers its pages meanwhile.
    expect([...caches.stores.keys()].sort()).toEqual(["quiniela-v1", "quiniela-v2"]);
    await second.lifecycle("activate");
    expect([...caches.stores.keys()]).toEqual(["quiniela-v2"]);
    expect(caches.urls()).not.toContain("/assets/root-old.js");
    // It waits for no page to close, and controls the open ones.
    expect(second.calls).toEqual({ skipWaiting: 1, claim: 1, preload: 1 });
  });
});

describe("the release's version", () => {
  const publicFiles = new Map([
    ["sw.js", Buffer.from(SOURCE)],
    ["offline.html", Buffer.from("<h1>Sin conexión</h1>")],
  ]);

  test("is written into the worker in place of its placeholder", () => {
    const version = releaseVersion(["assets/root-AbC123.js"], publicFiles);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const stamped = stampServiceWorker(SOURCE, version);
    expect(stamped).not.toContain(VERSION_PLACEHOLDER);
    expect(stamped).toContain(`const VERSION = "${version}";`);
    expect(() => stampServiceWorker("self.addEventListener('fetch', () => {});", version)).toThrow();
  });

  test("changes with any asset or public file, and not with the order they are listed in", () => {
    const version = releaseVersion(["assets/a-1.js", "assets/b-1.css"], publicFiles);
    expect(releaseVersion(["assets/b-1.css", "assets/a-1.js"], new Map([...publicFiles].reverse()))).toBe(version);
    expect(releaseVersion(["assets/a-2.js", "assets/b-1.css"], publicFiles)).not.toBe(version);
    const newOfflinePage = new Map([...publicFiles, ["offline.html", Buffer.from("<h1>Sin conexión.</h1>")]]);
    expect(releaseVersion(["assets/a-1.js", "assets/b-1.css"], newOfflinePage)).not.toBe(version);
  });
});
