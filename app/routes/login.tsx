import { Anchor, PasswordInput, Stack, Text } from "@mantine/core";
import { isAPIError } from "better-auth/api";
import { Form, Link, redirect, useNavigation } from "react-router";

import { forwardCookies } from "#app/auth/cookies";
import { LoginSchema } from "#app/auth/forms/account-forms";
import { parseForm } from "#app/domain/forms/form";
import { answer } from "#app/http/action-answer.server";
import { limitAuthAttempt } from "#app/http/auth-limits.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { invitationFor } from "#app/http/invitation.server";
import { keepingRedirect, safeRedirectPath } from "#app/http/redirect";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { invitationMeta } from "#app/ui/layout/share-meta";
import { AuthCard } from "#app/ui/people/AuthCard";
import { InvitationNotice } from "#app/ui/people/InvitationNotice";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";

import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  invitationMeta(matches, { title: "Iniciar Sesión · Quiniela", path: "/login" }, loaderData?.invitation);

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  return {
    redirectTo,
    // The pool an invite link names, when the visitor is on their way to one that still works.
    invitation: await invitationFor(context, redirectTo),
    // '¿Olvidaste tu contraseña?' only when reset links can be e-mailed (SMTP_*); else a line says whom to ask.
    resetByEmail: servicesOf(context).config.smtp !== undefined,
  };
}

/** Passes the action's headers on (Retry-After of a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(LoginSchema, await readForm(request));
  if (!parsed.ok) {
    return answer(400, { errors: parsed.errors });
  }
  const { email, password, redirectTo } = parsed.data;
  const limited = await limitAuthAttempt(context, "signin", email);
  if (limited) return limited;

  try {
    const result = await servicesOf(context).auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    const headers = forwardCookies(result.headers);
    headers.append(
      "Set-Cookie",
      await servicesOf(context).toasts.flash(successToast("¡Bienvenido de nuevo!", "Inicio de sesión exitoso")),
    );
    return redirect(safeRedirectPath(redirectTo), { headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return answer(401, { toast: errorToast("Credenciales inválidas", "Error de inicio de sesión") });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  useToast(actionData?.toast);
  const errors = actionData?.errors ?? {};

  return (
    <AuthCard
      title="Iniciar Sesión"
      subtitle="Entra para capturar tus pronósticos de la jornada."
      notice={
        loaderData.invitation && (
          <InvitationNotice
            {...loaderData.invitation}
            hint="Inicia sesión para unirte, o regístrate si aún no tienes cuenta."
          />
        )
      }
    >
      <Form method="post" noValidate>
        <Stack gap="md">
          {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
          <TextField
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="tu@correo.com"
            error={errors.email}
            required
          />
          <PasswordInput
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            error={errors.password}
            required
          />
          {loaderData.resetByEmail ? (
            <Text size="sm" ta="right" mt={-8}>
              <Anchor component={Link} to="/olvide-contrasena">
                ¿Olvidaste tu contraseña?
              </Anchor>
            </Text>
          ) : (
            // Without e-mail the way back in is a link from the admin ('Generar enlace de acceso').
            <Text size="sm" c="dimmed" mt={-8}>
              Si olvidaste tu contraseña, pide un enlace al administrador
            </Text>
          )}
          <Button type="submit" fullWidth busy={submitting} style={{ marginTop: "var(--mantine-spacing-xs)" }}>
            Iniciar Sesión
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            ¿No tienes cuenta?{" "}
            <Anchor component={Link} to={keepingRedirect("/register", loaderData.redirectTo)} fw={600}>
              Registrarse
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthCard>
  );
}
