// Which Chromium the browser tests and the scripts drive: always one of Debian's packages, never a
// downloaded browser. Its headless shell (package chromium-headless-shell: Chromium without the
// desktop browser around it) when it is installed: the same Blink renders the same pixels (the
// visual baselines pass unchanged) for markedly less CPU than Chromium's own headless mode
// (docs/decisions/013-chromium-headless-shell.md). CHROMIUM_PATH overrides both.
import fs from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM = "/usr/bin/chromium";

/** @returns {string} */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
}
