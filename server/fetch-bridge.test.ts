import { expect, test } from "vitest";
import { requestUrl } from "./fetch-bridge";

/** The URL React Router is given for what a client asked (server/fetch-bridge.ts). */

test("a path stays on our origin, also one that starts with two slashes", () => {
  expect(requestUrl("/rankings?temporada=2", "http://localhost:3000")?.href).toBe("http://localhost:3000/rankings?temporada=2");
  expect(requestUrl("//evil.example/x", "https://quiniela.example")?.host).toBe("quiniela.example");
  expect(requestUrl("//evil.example/x", "https://quiniela.example")?.pathname).toBe("//evil.example/x");
  expect(requestUrl(undefined, "http://localhost:3000")?.href).toBe("http://localhost:3000/");
});

test("an absolute-form target keeps its path and query on our origin; what is no URL gives none", () => {
  expect(requestUrl("http://evil.example/login?x=1", "http://localhost:3000")?.href).toBe("http://localhost:3000/login?x=1");
  expect(requestUrl("*", "http://localhost:3000")).toBeNull();
  expect(requestUrl("/rankings", "http://a b")).toBeNull();
});
