import { z } from "zod";

/** /admin/users forms (intents). Messages in Spanish. */

const id = z.string({ error: "Falta el usuario" }).min(1, "Falta el usuario");

const person = {
  name: z.string().trim().min(1, "El nombre es obligatorio").max(80, "El nombre es demasiado largo"),
  displayName: z
    .string()
    .trim()
    .max(40, "El apodo es demasiado largo")
    .transform((value) => value || null),
  email: z
    .string()
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
    z.object({ intent: z.literal("save-roster"), roster: z.string().max(20_000, "La lista es demasiado larga") }),
  ],
  { error: "Acción desconocida" },
);
