import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The signing secret: BETTER_AUTH_SECRET when set (required when several instances share a
 * database), else one generated on first start and kept in the data folder.
 */
export function loadOrCreateSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    // "wx" fails if another process wrote it first; then we read theirs.
    fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return fs.readFileSync(file, "utf8").trim();
  }
}
