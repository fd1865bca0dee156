/**
 * Better Auth error codes → the original's Spanish messages ('Error de registro' catalogue).
 */
const REGISTER_MESSAGES: Record<string, string> = {
  USER_ALREADY_EXISTS: "Este correo electrónico ya está registrado",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Este correo electrónico ya está registrado",
  INVALID_EMAIL: "Correo electrónico inválido",
  PASSWORD_TOO_SHORT: "La contraseña es demasiado débil",
  PASSWORD_TOO_LONG: "La contraseña es demasiado larga",
  EMAIL_PASSWORD_SIGN_UP_DISABLED: "El registro con correo electrónico no está habilitado",
  EMAIL_PASSWORD_DISABLED: "El registro con correo electrónico no está habilitado",
};

export const REGISTER_DEFAULT_MESSAGE = "Error al crear la cuenta";

export function registerErrorMessage(code: string | undefined): string {
  return (code && REGISTER_MESSAGES[code]) || REGISTER_DEFAULT_MESSAGE;
}

export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === "object" && "body" in error) {
    const body = (error as { body?: { code?: unknown } }).body;
    if (typeof body?.code === "string") return body.code;
  }
  return undefined;
}
