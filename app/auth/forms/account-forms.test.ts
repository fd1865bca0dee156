import { expect, test } from "vitest";

import { parseForm } from "#app/domain/forms/form";

import { ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, RegisterSchema } from "./account-forms";

function errorsOf(schema: typeof LoginSchema | typeof RegisterSchema, input: Record<string, unknown>) {
  const parsed = parseForm(schema, input);
  expect(parsed.ok).toBe(false);
  return parsed.ok ? {} : parsed.errors;
}

const valid = { name: "Ana", email: "ana@example.com", password: "secreto1", confirmPassword: "secreto1" };

test("register: every field is required, with the original's Spanish messages", () => {
  expect(errorsOf(RegisterSchema, { name: "", email: "", password: "", confirmPassword: "" })).toEqual({
    name: "El nombre es obligatorio",
    email: "El correo electrónico es obligatorio",
    password: "La contraseña es obligatoria",
    confirmPassword: "Confirma tu contraseña",
  });
});

test("register: missing fields (not sent at all) get the same messages", () => {
  expect(errorsOf(RegisterSchema, {})).toEqual({
    name: "El nombre es obligatorio",
    email: "El correo electrónico es obligatorio",
    password: "La contraseña es obligatoria",
    confirmPassword: "Confirma tu contraseña",
  });
});

test("register: a name of blanks is empty", () => {
  expect(errorsOf(RegisterSchema, { ...valid, name: "   " })).toEqual({ name: "El nombre es obligatorio" });
});

test("register: a too long name", () => {
  expect(errorsOf(RegisterSchema, { ...valid, name: "x".repeat(81) })).toEqual({
    name: "El nombre es demasiado largo",
  });
});

test("register: an invalid e-mail", () => {
  expect(errorsOf(RegisterSchema, { ...valid, email: "ana@" })).toEqual({ email: "Correo electrónico inválido" });
  expect(errorsOf(RegisterSchema, { ...valid, email: "no es correo" })).toEqual({
    email: "Correo electrónico inválido",
  });
});

test("register: the password needs at least 6 characters and at most 128", () => {
  expect(errorsOf(RegisterSchema, { ...valid, password: "12345", confirmPassword: "12345" })).toEqual({
    password: "La contraseña debe tener al menos 6 caracteres",
  });
  const long = "x".repeat(129);
  expect(errorsOf(RegisterSchema, { ...valid, password: long, confirmPassword: long })).toEqual({
    password: "La contraseña es demasiado larga",
  });
  expect(RegisterSchema.safeParse({ ...valid, password: "123456", confirmPassword: "123456" }).success).toBe(true);
});

test("register: the confirmation must match", () => {
  expect(errorsOf(RegisterSchema, { ...valid, confirmPassword: "secreto2" })).toEqual({
    confirmPassword: "Las contraseñas no coinciden",
  });
});

test("register: the e-mail is trimmed and lower-cased, the name trimmed", () => {
  const parsed = RegisterSchema.parse({ ...valid, name: "  Ana  ", email: "  Ana.Lopez@Example.COM " });
  expect(parsed.email).toBe("ana.lopez@example.com");
  expect(parsed.name).toBe("Ana");
});

test("login: e-mail and password are required", () => {
  expect(errorsOf(LoginSchema, { email: "", password: "" })).toEqual({
    email: "El correo electrónico es obligatorio",
    password: "La contraseña es obligatoria",
  });
  expect(errorsOf(LoginSchema, {})).toEqual({
    email: "El correo electrónico es obligatorio",
    password: "La contraseña es obligatoria",
  });
});

test("login: an invalid e-mail", () => {
  expect(errorsOf(LoginSchema, { email: "ana", password: "x" })).toEqual({ email: "Correo electrónico inválido" });
});

test("login: the e-mail is trimmed and lower-cased; the password is kept exactly", () => {
  const parsed = LoginSchema.parse({ email: " ANA@Example.com\t", password: " secreto1 " });
  expect(parsed.email).toBe("ana@example.com");
  expect(parsed.password).toBe(" secreto1 ");
});

test("forgot password: the e-mail is required, checked, trimmed and lower-cased", () => {
  const errors = (input: Record<string, unknown>) => {
    const parsed = parseForm(ForgotPasswordSchema, input);
    expect(parsed.ok).toBe(false);
    return parsed.ok ? {} : parsed.errors;
  };
  expect(errors({})).toEqual({ email: "El correo electrónico es obligatorio" });
  expect(errors({ email: "   " })).toEqual({ email: "El correo electrónico es obligatorio" });
  expect(errors({ email: "ana@" })).toEqual({ email: "Correo electrónico inválido" });
  expect(errors({ email: `${"a".repeat(60)}@${"b".repeat(200)}.com` })).toEqual({
    email: "Correo electrónico inválido",
  });
  expect(ForgotPasswordSchema.parse({ email: "  Ana@Example.COM " })).toEqual({ email: "ana@example.com" });
});

test("forgot password: control characters are refused, even where trimming would remove them", () => {
  for (const email of ["ana@example.com\n", "\tana@example.com", "ana\u0000@example.com", "ana@example.com\u2028"]) {
    expect(ForgotPasswordSchema.safeParse({ email }).success, JSON.stringify(email)).toBe(false);
  }
});

test("change password: the current one is required, the new one follows the rule, is confirmed and differs", () => {
  const change = (fields: Record<string, string>) =>
    parseForm(ChangePasswordSchema, { intent: "change-password", ...fields });
  const good = { currentPassword: "secreto123", password: "nueva-clave", confirmPassword: "nueva-clave" };
  expect(change(good)).toEqual({ ok: true, data: { intent: "change-password", ...good } });
  expect(change({ ...good, currentPassword: "" })).toMatchObject({
    ok: false,
    errors: { currentPassword: "Escribe tu contraseña actual" },
  });
  expect(change({ ...good, password: "corta", confirmPassword: "corta" })).toMatchObject({
    errors: { password: "La contraseña debe tener al menos 6 caracteres" },
  });
  expect(change({ ...good, confirmPassword: "otra-clave" })).toMatchObject({
    errors: { confirmPassword: "Las contraseñas no coinciden" },
  });
  expect(change({ ...good, password: "secreto123", confirmPassword: "secreto123" })).toMatchObject({
    errors: { password: "La nueva contraseña debe ser distinta de la actual" },
  });
  expect(change({ ...good, currentPassword: "x".repeat(129) })).toMatchObject({
    errors: { currentPassword: "La contraseña actual no es correcta" },
  });
});
