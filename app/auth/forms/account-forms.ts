import { z } from "zod";

import { plainText } from "#app/domain/forms/input";

import { PASSWORD_MAX, PASSWORD_MIN } from "./password-rule";

/** Form schemas shared by the actions (and usable by the client for the same messages). */

const email = z
  .string({ error: "El correo electrónico es obligatorio" })
  .trim()
  .toLowerCase()
  .min(1, "El correo electrónico es obligatorio")
  .pipe(z.email("Correo electrónico inválido"));

/** Where to go after signing in or up (an invite link, a guarded page): checked again where it is followed (http/redirect.ts); here only its size. */
const redirectTo = z.string().max(2048).optional();

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "La contraseña es obligatoria" }).min(1, "La contraseña es obligatoria"),
  redirectTo,
});

export const passwordField = z
  .string({ error: "La contraseña es obligatoria" })
  .min(1, "La contraseña es obligatoria")
  .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`)
  .max(PASSWORD_MAX, "La contraseña es demasiado larga");

/** A new password is typed twice (/register, /reset-password); the second must equal the first. */
const confirmPasswordField = z.string({ error: "Confirma tu contraseña" }).min(1, "Confirma tu contraseña");
const passwordsMatch = (form: { password: string; confirmPassword: string }) => form.password === form.confirmPassword;
const PASSWORDS_DIFFER = { message: "Las contraseñas no coinciden", path: ["confirmPassword"] };

export const RegisterSchema = z
  .object({
    name: plainText({ required: "El nombre es obligatorio", invalid: "El nombre contiene caracteres no permitidos" })
      .trim()
      .min(1, "El nombre es obligatorio")
      .max(80, "El nombre es demasiado largo"),
    email,
    password: passwordField,
    confirmPassword: confirmPasswordField,
    redirectTo,
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);

/** The token of a reset link: URL-safe text, checked before it is looked up. */
export const resetToken = z
  .string({ error: "El enlace no es válido" })
  .regex(/^[A-Za-z0-9_-]{1,128}$/, "El enlace no es válido");

// Control characters and the Unicode line/paragraph separators, refused before any trimming.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** '¿Olvidaste tu contraseña?': only the e-mail; the answer never says whether it has an account. */
export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: "El correo electrónico es obligatorio" })
    .refine((text) => !CONTROL.test(text), "Correo electrónico inválido")
    .pipe(email.pipe(z.string().max(254, "Correo electrónico inválido"))),
});

export const NewPasswordSchema = z
  .object({
    token: resetToken,
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);

/** 'Cambiar contraseña' (/profile): the current password, and the new one typed twice. */
export const ChangePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z
      .string({ error: "Escribe tu contraseña actual" })
      .min(1, "Escribe tu contraseña actual")
      // Never a valid password: refused as a wrong one, without hashing a megabyte.
      .max(PASSWORD_MAX, "La contraseña actual no es correcta"),
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER)
  .refine((form) => form.password !== form.currentPassword, {
    message: "La nueva contraseña debe ser distinta de la actual",
    path: ["password"],
  });
