import { expect, test } from "vitest";

import { unsubscribeToken, unsubscribeUrl, userOfUnsubscribeToken } from "./unsubscribe-token.server";

const SECRET = "un-secreto-de-prueba-bastante-largo";

test("a token names its player and only under the install's secret", () => {
  const token = unsubscribeToken(SECRET, "usuario-1");
  expect(userOfUnsubscribeToken(SECRET, token)).toBe("usuario-1");
  expect(userOfUnsubscribeToken("otro-secreto", token)).toBeNull();
  expect(unsubscribeToken(SECRET, "usuario-2")).not.toBe(token);
});

test("a token cannot be moved to another player, altered or guessed", () => {
  const token = unsubscribeToken(SECRET, "usuario-1");
  const [, signature] = token.split(".");
  const forged = `${Buffer.from("usuario-2").toString("base64url")}.${signature}`;
  expect(userOfUnsubscribeToken(SECRET, forged)).toBeNull();
  expect(userOfUnsubscribeToken(SECRET, `${token}x`)).toBeNull();
  expect(userOfUnsubscribeToken(SECRET, token.slice(0, -1))).toBeNull();
  for (const junk of ["", ".", "a.b", "a.b.c", `${token}.${signature}`, "x".repeat(400)]) {
    expect(userOfUnsubscribeToken(SECRET, junk)).toBeNull();
  }
});

test("the token is for unsubscribing only: not a plain HMAC of the id under the secret", async () => {
  const crypto = await import("node:crypto");
  const plain = crypto.createHmac("sha256", SECRET).update("usuario-1").digest("base64url");
  expect(unsubscribeToken(SECRET, "usuario-1").split(".")[1]).not.toBe(plain);
});

test("the link goes to the unsubscribe page with the token in its query", () => {
  const url = new URL(unsubscribeUrl("https://quiniela.example.com", SECRET, "usuario-1"));
  expect(url.origin + url.pathname).toBe("https://quiniela.example.com/baja-recordatorios");
  expect(userOfUnsubscribeToken(SECRET, url.searchParams.get("token")!)).toBe("usuario-1");
});
