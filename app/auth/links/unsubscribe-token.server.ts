import crypto from "node:crypto";

/**
 * The one-click way out of reminder e-mails (List-Unsubscribe, RFC 8058): a token per player,
 * for that purpose only, that nobody can make without the install's secret. It is the player's
 * id and an HMAC of it under a key derived from the secret for this purpose alone, so it opens
 * nothing else (no session, no other switch) and needs no table. It does not expire: an old
 * e-mail's link still stops the reminders.
 */
const PURPOSE = "quiniela:baja-recordatorios-correo:v1";

function mac(secret: string, userId: string): Buffer {
  const key = crypto.createHmac("sha256", secret).update(PURPOSE).digest();
  return crypto.createHmac("sha256", key).update(userId).digest();
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${mac(secret, userId).toString("base64url")}`;
}

/** The player a token was made for, or null when it is not one of ours (compared in constant time). */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  if (token.length > 300) return null;
  const [encodedId, signature, ...rest] = token.split(".");
  if (!encodedId || !signature || rest.length > 0) return null;
  const userId = Buffer.from(encodedId, "base64url").toString("utf8");
  const given = Buffer.from(signature, "base64url");
  const expected = mac(secret, userId);
  if (userId === "" || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  // A token re-encoded another way (base64url is lenient) is not the one we made.
  return unsubscribeToken(secret, userId) === token ? userId : null;
}

/** The unsubscribe page's address for this player, on the configured origin. */
export function unsubscribeUrl(origin: string, secret: string, userId: string): string {
  return `${origin}/baja-recordatorios?${new URLSearchParams({ token: unsubscribeToken(secret, userId) })}`;
}
