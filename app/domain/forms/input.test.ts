import { describe, expect, test } from "vitest";

import { idField, MAX_ID, normalizeFileText, parseId, parseUserId } from "./input";

describe("ids in URLs and forms", () => {
  test("parseId takes 1 … MAX_ID written in digits, trimmed, and nothing else (every call alike)", () => {
    for (let round = 0; round < 2; round++) {
      expect(parseId("7")).toBe(7);
      expect(parseId(" 12 ")).toBe(12);
      expect(parseId(String(MAX_ID))).toBe(MAX_ID);
      for (const bad of [
        null,
        undefined,
        "",
        "0",
        "-3",
        "1.5",
        "1e3",
        "0x10",
        "abc",
        String(MAX_ID + 1),
        "12345678901",
      ]) {
        expect(parseId(bad), String(bad)).toBeUndefined();
      }
    }
  });

  test("parseUserId takes short URL-safe text, and nothing else", () => {
    for (const good of ["abc_DEF-1", "x", "a".repeat(64)]) expect(parseUserId(good)).toBe(good);
    for (const bad of [null, undefined, "", "a b", "a/b", "a%00", "ñ", "a\u0000", "a".repeat(65)]) {
      expect(parseUserId(bad), String(bad)).toBeUndefined();
    }
  });

  test("idField says its message for anything that is not an id", () => {
    const field = idField("Elige un partido");
    expect(field.safeParse("42")).toEqual({ success: true, data: 42 });
    expect(field.safeParse("cero").error?.issues[0]?.message).toBe("Elige un partido");
    expect(field.safeParse(String(MAX_ID + 1)).error?.issues[0]?.message).toBe("Elige un partido");
  });
});

test("a file's text is compared without BOM and with LF line breaks (browsers send CRLF back)", () => {
  expect(normalizeFileText("\uFEFFa,b\r\nc\rd\n")).toBe("a,b\nc\nd\n");
});
