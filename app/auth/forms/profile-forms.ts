import { z } from "zod";

import { AVATAR_COLORS } from "#app/domain/avatar-colors";
import { hasControlCharacters } from "#app/domain/forms/input";

const colorValues = AVATAR_COLORS.map((color) => color.value) as [string, ...string[]];

export const AVATAR_MESSAGES = {
  tooLong: "La URL del avatar es demasiado larga",
  invalid: "La URL del avatar no es válida",
  https: "La URL del avatar debe empezar con https://",
  credentials: "La URL del avatar no puede llevar usuario ni contraseña",
} as const;

/**
 * 'URL del avatar': optional; when given, a full https address of an image, stored as the
 * browser would read it (the parsed, canonical URL): never text a browser reads differently
 * from us ('https:evil.test', backslashes, line breaks), never credentials.
 */
export const avatarUrlField = z
  .string()
  .trim()
  .max(2048, AVATAR_MESSAGES.tooLong)
  .transform((value, ctx) => {
    if (value === "") return null;
    if (hasControlCharacters(value) || value.includes("\\") || !URL.canParse(value)) {
      ctx.addIssue({ code: "custom", message: AVATAR_MESSAGES.invalid });
      return z.NEVER;
    }
    const url = new URL(value);
    if (url.protocol !== "https:" || !/^https:\/\//i.test(value)) {
      ctx.addIssue({ code: "custom", message: AVATAR_MESSAGES.https });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: "custom", message: AVATAR_MESSAGES.credentials });
      return z.NEVER;
    }
    return url.href;
  });

export const ProfileSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("update-profile"),
    image: avatarUrlField,
    avatarColor: z.enum(colorValues, { error: "Elige uno de los colores de fondo" }),
  }),
  z.object({ intent: z.literal("remove-avatar") }),
  z.object({ intent: z.literal("reset-link") }),
  z.object({ intent: z.literal("renew-calendar") }),
  // 'Recordatorios por correo': a checkbox, sent as "on" when checked and not at all when not.
  z.object({
    intent: z.literal("email-reminders"),
    emailReminders: z.literal("on", { error: "Valor inválido para los recordatorios por correo" }).optional(),
  }),
]);
