import { z } from "zod";

import { plainText } from "#app/domain/forms/input";

/** /admin/users forms (intents). Messages in Spanish. */

/** Better Auth's user ids: short URL-safe text. */
const id = z.string({ error: "Falta el usuario" }).regex(/^[A-Za-z0-9_-]{1,64}$/, "Falta el usuario");

const person = {
  name: plainText({ required: "El nombre es obligatorio", invalid: "El nombre contiene caracteres no permitidos" })
    .trim()
    .min(1, "El nombre es obligatorio")
    .max(80, "El nombre es demasiado largo"),
  displayName: plainText({ required: "El apodo no es válido", invalid: "El apodo contiene caracteres no permitidos" })
    .trim()
    .max(40, "El apodo es demasiado largo")
    .transform((value) => value || null),
  email: z
    .string({ error: "El correo electrónico es obligatorio" })
    .trim()
    .toLowerCase()
    .min(1, "El correo electrónico es obligatorio")
    .pipe(z.email("Correo electrónico inválido")),
  role: z.enum(["user", "admin"], { error: "Elige un rol" }),
};

export const UsersAdminSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create-user"), ...person }),
    z.object({ intent: z.literal("update-user"), userId: id, ...person }),
    z.object({ intent: z.literal("delete-user"), userId: id }),
    z.object({ intent: z.literal("delete-predictions"), userId: id }),
    z.object({ intent: z.literal("access-link"), userId: id }),
    z.object({
      intent: z.literal("save-roster"),
      roster: plainText({ lineBreaks: true, invalid: "La lista contiene caracteres no permitidos" }).max(
        20_000,
        "La lista es demasiado larga",
      ),
    }),
  ],
  { error: "Acción desconocida" },
);
