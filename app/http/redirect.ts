/**
 * Only same-site paths are followed after sign-in: never another host ("//evil.com",
 * "/\\evil.com", "/\t/evil.com" which browsers read as "//evil.com"), never a control character.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  const base = "http://quiniela.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Normalising can make a protocol-relative path of a harmless one ('/.//evil.test',
  // '/a/..//evil.test' → '//evil.test'), which a browser follows to another host.
  return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
}

/**
 * A link between /login and /register that keeps where the visitor was going (an invite link
 * opened before having an account): `path?redirectTo=…`, or `path` alone.
 */
export function keepingRedirect(path: "/login" | "/register", redirectTo: string): string {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}
