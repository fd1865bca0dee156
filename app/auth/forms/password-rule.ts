/**
 * The password rule, one place for all who state or check it: the form schemas (auth/forms.ts),
 * Better Auth (auth/auth.server.ts) and the pages that show it. A module of its own so that a page
 * shows the hint without shipping the schemas to the browser.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** What a new password's field says under it. */
export const PASSWORD_HINT = `Al menos ${PASSWORD_MIN} caracteres`;
