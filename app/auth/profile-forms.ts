import { z } from "zod";
import { AVATAR_COLORS } from "#app/ui/avatar-colors";

const colorValues = AVATAR_COLORS.map((color) => color.value) as [string, ...string[]];

/** 'URL del avatar': optional; when given, a full https address of an image. */
export const avatarUrlField = z
  .string()
  .trim()
  .max(2048, "La URL del avatar es demasiado larga")
  // abort: the https check must not run on text that is no URL at all.
  .refine((value) => value === "" || URL.canParse(value), { error: "La URL del avatar no es válida", abort: true })
  .refine((value) => value === "" || new URL(value).protocol === "https:", "La URL del avatar debe empezar con https://")
  .transform((value) => (value === "" ? null : value));

export const ProfileSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("update-profile"),
    image: avatarUrlField,
    avatarColor: z.enum(colorValues, { error: "Elige uno de los colores de fondo" }),
  }),
  z.object({ intent: z.literal("remove-avatar") }),
  z.object({ intent: z.literal("reset-link") }),
]);
