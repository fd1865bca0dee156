import { describe, expect, test } from "vitest";

import { initials, mantineAvatarColor } from "./avatar-colors";

describe("initials", () => {
  test.each([
    ["Ana", "A"],
    ["ana maría lópez", "AL"],
    ["  Beto   Ruiz  ", "BR"],
    ["🦅 Águila Real", "ÁR"],
    ["El Chavo 🇲🇽", "EC"],
    ["⚽⚽", "?"],
    ["", "?"],
    ["7 Goles", "7G"],
  ])("%j → %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

test("purple is Mantine's grape; unknown colours fall back to blue", () => {
  expect(mantineAvatarColor("purple")).toBe("grape");
  expect(mantineAvatarColor("green")).toBe("green");
  expect(mantineAvatarColor("teal")).toBe("blue");
});
