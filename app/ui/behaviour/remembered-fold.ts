/**
 * '¿Cómo se juega?' on the home page: open on a browser's first visit, folded from the next one
 * on, unless the reader opened it again (kept open until they fold it). The server decides from a
 * cookie, so the page is rendered as it will stay: no flash of the rules opening or closing.
 * The first visit's answer sets it to 'cerrado'; the reader's own toggles write it in the browser.
 */
export const RULES_COOKIE = "quiniela_reglas";

const OPEN = "abierto";
const FOLDED = "cerrado";
/** A year: the choice outlives a session. */
const MAX_AGE = 31_536_000;

/** The cookie's value in a Cookie header, or null. */
function cookieValue(header: string | null, name: string): string | null {
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/** Whether the rules show open, and whether this browser comes for the first time (no cookie yet). */
export function rulesFold(cookieHeader: string | null): { open: boolean; firstVisit: boolean } {
  const value = cookieValue(cookieHeader, RULES_COOKIE);
  if (value === null) return { open: true, firstVisit: true };
  return { open: value === OPEN, firstVisit: false };
}

function cookieText(open: boolean): string {
  return `${RULES_COOKIE}=${open ? OPEN : FOLDED}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax`;
}

/** The Set-Cookie of a first visit: the rules show folded next time. */
export const foldedNextTime = (): string => cookieText(false);

/** Remembers, in the browser, the reader opening or folding the rules. */
export function rememberFold(open: boolean): void {
  document.cookie = `${cookieText(open)}${window.location.protocol === "https:" ? "; Secure" : ""}`;
}
