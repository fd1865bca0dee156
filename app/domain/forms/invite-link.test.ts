import { describe, expect, test } from "vitest";

import { invitePath, parseInvitePath } from "./invite-link";

describe("invite link paths", () => {
  test("the path made for a pool reads back as its pool and code", () => {
    expect(invitePath(7, "abc_DEF-1")).toBe("/quiniela/7/unirse?codigo=abc_DEF-1");
    expect(parseInvitePath(invitePath(7, "abc_DEF-1"))).toEqual({ poolId: 7, code: "abc_DEF-1" });
  });

  test.each([
    "/quiniela/7/unirse",
    "/quiniela/7/unirse?codigo=",
    "/quiniela/7/unirse?codigo=a%00b",
    `/quiniela/7/unirse?codigo=${"x".repeat(65)}`,
    "/quiniela/abc/unirse?codigo=abc",
    "/quiniela/0/unirse?codigo=abc",
    "/quiniela/2147483648/unirse?codigo=abc",
    "/quiniela/7?codigo=abc",
    "/rankings",
    "//evil.test/quiniela/7/unirse?codigo=abc",
    "https://evil.test/quiniela/7/unirse?codigo=abc",
    "",
  ])("%j names no invite", (path) => {
    expect(parseInvitePath(path)).toBeUndefined();
  });
});
