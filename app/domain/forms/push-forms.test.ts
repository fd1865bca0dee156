import crypto from "node:crypto";
import { describe, expect, test } from "vitest";

import { parseForm } from "./form";
import {
  base64UrlBytes,
  DEFAULT_PUSH_SERVICES,
  isP256PublicKey,
  isPushServiceHost,
  PUSH_MESSAGES,
  pushFormSchema,
  readPushServices,
} from "./push-forms";

/** A device's keys as a browser makes them: a P-256 public key and 16 random bytes. */
function deviceKeys() {
  const ecdh = crypto.createECDH("prime256v1");
  return { p256dh: ecdh.generateKeys().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") };
}

const schema = pushFormSchema(DEFAULT_PUSH_SERVICES);
const subscribe = (fields: Record<string, string>) =>
  parseForm(schema, {
    intent: "subscribe",
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    ...deviceKeys(),
    ...fields,
  });

describe("PUSH_SERVICES", () => {
  test("the four browsers' services are allowed, Windows' hosts by their suffix only", () => {
    const allowed = [
      "fcm.googleapis.com",
      "updates.push.services.mozilla.com",
      "web.push.apple.com",
      "wns2-par02p.notify.windows.com",
      "db5p.notify.windows.com",
    ];
    for (const host of allowed) expect(isPushServiceHost(host, DEFAULT_PUSH_SERVICES), host).toBe(true);
    const refused = [
      "notify.windows.com",
      "evilnotify.windows.com",
      "notify.windows.com.evil.test",
      "fcm.googleapis.com.evil.test",
      "googleapis.com",
      "push.services.mozilla.com",
      "127.0.0.1",
      "localhost",
    ];
    for (const host of refused) expect(isPushServiceHost(host, DEFAULT_PUSH_SERVICES), host).toBe(false);
  });

  test("the setting's entries are host names, lower-cased; others are reported", () => {
    expect(readPushServices(" Push.Example.COM, *.notify.windows.com,,127.0.0.1 ")).toEqual({
      services: ["push.example.com", "*.notify.windows.com", "127.0.0.1"],
      invalid: [],
    });
    expect(readPushServices("https://push.example.com, *, a*.b.com, ok.test").invalid).toEqual([
      "https://push.example.com",
      "*",
      "a*.b.com",
    ]);
  });
});

describe("a subscription", () => {
  test("an https endpoint of a push service with the right keys is taken, as URL reads it", () => {
    const keys = deviceKeys();
    const parsed = parseForm(schema, {
      intent: "subscribe",
      endpoint: "https://FCM.googleapis.com:443/fcm/send/abc",
      ...keys,
    });
    expect(parsed).toEqual({
      ok: true,
      data: { intent: "subscribe", endpoint: "https://fcm.googleapis.com/fcm/send/abc", ...keys },
    });
  });

  test("any other endpoint is refused, in Spanish", () => {
    const cases: [string, string][] = [
      ["http://fcm.googleapis.com/fcm/send/abc", PUSH_MESSAGES.https],
      ["https://evil.test/fcm/send/abc", PUSH_MESSAGES.unknownService],
      ["https://127.0.0.1:8443/push", PUSH_MESSAGES.unknownService],
      ["https://fcm.googleapis.com.evil.test/x", PUSH_MESSAGES.unknownService],
      ["https://user:pass@fcm.googleapis.com/x", PUSH_MESSAGES.endpoint],
      ["https://evil.test\\@fcm.googleapis.com/x", PUSH_MESSAGES.endpoint],
      ["fcm.googleapis.com/x", PUSH_MESSAGES.endpoint],
      ["https://fcm.googleapis.com/\nx", PUSH_MESSAGES.endpoint],
      [`https://fcm.googleapis.com/${"a".repeat(1_000)}`, PUSH_MESSAGES.tooLong],
      // Within 1,000 characters as sent, past them as URL writes it (each space is %20).
      [`https://fcm.googleapis.com/${" ".repeat(480)}x`, PUSH_MESSAGES.tooLong],
    ];
    for (const [endpoint, message] of cases) {
      expect(subscribe({ endpoint }), endpoint).toMatchObject({ ok: false, message, field: "endpoint" });
    }
  });

  test("keys must be base64url of the right sizes, the public one a point of P-256", () => {
    const offCurve = Buffer.from(base64UrlBytes(deviceKeys().p256dh)!);
    offCurve[64]! ^= 1;
    const cases: [Record<string, string>, string][] = [
      [{ p256dh: crypto.randomBytes(64).toString("base64url") }, PUSH_MESSAGES.p256dh],
      [{ p256dh: offCurve.toString("base64url") }, PUSH_MESSAGES.p256dh],
      [{ p256dh: Buffer.concat([Buffer.from([5]), offCurve.subarray(1)]).toString("base64url") }, PUSH_MESSAGES.p256dh],
      [{ p256dh: "not base64!" }, PUSH_MESSAGES.p256dh],
      [{ auth: crypto.randomBytes(15).toString("base64url") }, PUSH_MESSAGES.auth],
      [{ auth: crypto.randomBytes(17).toString("base64url") }, PUSH_MESSAGES.auth],
      [{ auth: crypto.randomBytes(16).toString("base64") + "+" }, PUSH_MESSAGES.auth],
    ];
    for (const [fields, message] of cases)
      expect(subscribe(fields), JSON.stringify(fields)).toMatchObject({ ok: false, message });
  });

  test("padded base64url is read, and stored without its padding", () => {
    const keys = deviceKeys();
    const parsed = subscribe({ p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` });
    expect(parsed).toMatchObject({ ok: true, data: keys });
  });

  test("base64url is read as Node reads it", () => {
    for (let size = 1; size < 70; size++) {
      const bytes = crypto.randomBytes(size);
      expect(Buffer.from(base64UrlBytes(bytes.toString("base64url"))!)).toEqual(bytes);
    }
    expect(isP256PublicKey(base64UrlBytes(deviceKeys().p256dh)!)).toBe(true);
  });
});
