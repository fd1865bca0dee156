import { expect, test } from "vitest";

import { safeRedirectPath } from "./redirect";

const BASE = "https://quiniela.example";

/** Where a browser goes when it follows this Location from one of our pages. */
function followed(location: string): URL {
  return new URL(location, BASE);
}

test("paths of our own site are kept, query included", () => {
  expect(safeRedirectPath("/profile?x=1")).toBe("/profile?x=1");
  expect(safeRedirectPath("/quiniela/3")).toBe("/quiniela/3");
  expect(safeRedirectPath("/")).toBe("/");
});

test("other hosts are refused: the fallback is used instead", () => {
  expect(safeRedirectPath("//evil.com")).toBe("/");
  expect(safeRedirectPath("https://evil.com")).toBe("/");
  expect(safeRedirectPath("/\\evil.com")).toBe("/");
  expect(safeRedirectPath("\\\\evil.com")).toBe("/");
  expect(safeRedirectPath("javascript:alert(1)")).toBe("/");
  expect(safeRedirectPath("evil.com")).toBe("/");
});

test("a missing or non-text target gives the fallback", () => {
  expect(safeRedirectPath(null)).toBe("/");
  expect(safeRedirectPath(undefined)).toBe("/");
  expect(safeRedirectPath(new File(["x"], "x.txt"))).toBe("/");
  expect(safeRedirectPath("//evil.com", "/quinielas")).toBe("/quinielas");
  expect(safeRedirectPath(null, "")).toBe("");
});

test("targets with tab or newline characters cannot escape to another host", () => {
  for (const target of ["/\t/evil.com", "/\n/evil.com", "/\r/evil.com", "/\t\\evil.com", "/\\\t/evil.com"]) {
    expect(followed(safeRedirectPath(target)).origin, JSON.stringify(target)).toBe(BASE);
  }
});

test("whatever is accepted stays on our origin (targets without control characters)", () => {
  for (const target of [
    "//evil.com",
    "/\\evil.com",
    "/\\/evil.com",
    "https:evil.com",
    "/%2F/evil.com",
    "/./evil.com",
  ]) {
    expect(followed(safeRedirectPath(target)).origin, JSON.stringify(target)).toBe(BASE);
  }
});

test("a path that normalises to another host is refused, not returned normalised", () => {
  for (const target of [
    "/.//evil.test",
    "/%2e%2e//evil.test",
    "/a/..//evil.test",
    "/./\\evil.test",
    "/x/../%2e//evil.test",
  ]) {
    const result = safeRedirectPath(target);
    expect(result.startsWith("//") || result.startsWith("/\\"), `${target} → ${result}`).toBe(false);
    expect(followed(result).origin, JSON.stringify(target)).toBe(BASE);
  }
  expect(safeRedirectPath("/a/../quinielas")).toBe("/quinielas");
});
