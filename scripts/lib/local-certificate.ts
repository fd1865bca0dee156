import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A self-signed certificate for 127.0.0.1 (openssl), made in a temporary folder (the caller removes
 * `dir`): a local HTTPS push service's, for the tests (tests/support/push-service.ts) and the bench's
 * reminder wave, whose server trusts it through NODE_EXTRA_CA_CERTS=caFile.
 */
export function makeCertificate(): { dir: string; key: Buffer; cert: Buffer; caFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "push-service-"));
  const keyFile = path.join(dir, "key.pem");
  const caFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      caFile,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { dir, key: fs.readFileSync(keyFile), cert: fs.readFileSync(caFile), caFile };
}
