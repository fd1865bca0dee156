import { expect, test } from "vitest";

import { cacheControlOf, requestUrl } from "./fetch-bridge";

/** The URL React Router is given for what a client asked (server/fetch-bridge.ts). */

test("a path stays on our origin, also one that starts with two slashes", () => {
  expect(requestUrl("/rankings?temporada=2", "http://localhost:3000")?.href).toBe(
    "http://localhost:3000/rankings?temporada=2",
  );
  expect(requestUrl("//evil.example/x", "https://quiniela.example")?.host).toBe("quiniela.example");
  expect(requestUrl("//evil.example/x", "https://quiniela.example")?.pathname).toBe("//evil.example/x");
  expect(requestUrl(undefined, "http://localhost:3000")?.href).toBe("http://localhost:3000/");
});

test("an absolute-form target keeps its path and query on our origin; what is no URL gives none", () => {
  expect(requestUrl("http://evil.example/login?x=1", "http://localhost:3000")?.href).toBe(
    "http://localhost:3000/login?x=1",
  );
  expect(requestUrl("*", "http://localhost:3000")).toBeNull();
  expect(requestUrl("/rankings", "http://a b")).toBeNull();
});

test("an answer that sets a cookie never leaves for a shared cache, whatever its route said", () => {
  const withCookie = (cacheControl?: string) => {
    const headers = new Headers({ "Set-Cookie": "quiniela.session_token=abc.def; Max-Age=2592000; HttpOnly" });
    if (cacheControl !== undefined) headers.set("Cache-Control", cacheControl);
    return cacheControlOf(headers);
  };
  for (const shared of ["public, max-age=86400", "max-age=60", "s-maxage=60", "no-cache", "PUBLIC"])
    expect(withCookie(shared), shared).toBe("private, no-store");
  expect(withCookie()).toBe("private, no-store");
  expect(withCookie("private, max-age=60")).toBe("private, max-age=60");
  expect(withCookie("no-store")).toBe("no-store");
  // Without a cookie, the route's own word stands.
  expect(cacheControlOf(new Headers({ "Cache-Control": "public, max-age=86400" }))).toBe("public, max-age=86400");
  expect(cacheControlOf(new Headers())).toBeNull();
});
