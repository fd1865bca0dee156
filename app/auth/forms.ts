import { z } from "zod";

/** Form schemas shared by the actions (and usable by the client for the same messages). */

const email = z
  .string({ error: "El correo electrónico es obligatorio" })
  .trim()
  .toLowerCase()
  .min(1, "El correo electrónico es obligatorio")
  .pipe(z.email("Correo electrónico inválido"));

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "La contraseña es obligatoria" }).min(1, "La contraseña es obligatoria"),
  redirectTo: z.string().optional(),
});

export const PASSWORD_MIN = 6;

export const passwordField = z
  .string({ error: "La contraseña es obligatoria" })
  .min(1, "La contraseña es obligatoria")
  .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`)
  .max(128, "La contraseña es demasiado larga");

export const RegisterSchema = z
  .object({
    name: z
      .string({ error: "El nombre es obligatorio" })
      .trim()
      .min(1, "El nombre es obligatorio")
      .max(80, "El nombre es demasiado largo"),
    email,
    password: passwordField,
    confirmPassword: z.string({ error: "Confirma tu contraseña" }).min(1, "Confirma tu contraseña"),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Las contraseñas no coinciden",
    path: ["confirmPassword"],
  });

export type FieldErrors = Partial<Record<string, string>>;

/** First message per field, the shape the forms display. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

export const NewPasswordSchema = z
  .object({
    token: z.string().min(1, "El enlace no es válido"),
    password: passwordField,
    confirmPassword: z.string({ error: "Confirma tu contraseña" }).min(1, "Confirma tu contraseña"),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Las contraseñas no coinciden",
    path: ["confirmPassword"],
  });
