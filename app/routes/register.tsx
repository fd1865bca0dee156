import { Anchor, Stack, Text } from "@mantine/core";
import { isAPIError } from "better-auth/api";
import { Form, Link, redirect, useNavigation } from "react-router";

import { errorCode, registerErrorMessage } from "#app/auth/auth-errors";
import { forwardCookies } from "#app/auth/cookies";
import { RegisterSchema } from "#app/auth/forms/account-forms";
import { PASSWORD_HINT } from "#app/auth/forms/password-rule";
import { rosterCheck } from "#app/data/people/roster.server";
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
import { NewPasswordFields } from "#app/ui/people/NewPasswordFields";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";

import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  invitationMeta(matches, { title: "Registrarse · Quiniela", path: "/register" }, loaderData?.invitation);

export async function loader({ request, context }: Route.LoaderArgs) {
  // Kept through the sign-up, as /login keeps it: an invite link opened without an account.
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  return { redirectTo, invitation: await invitationFor(context, redirectTo) };
}

/** Passes the action's headers on (Retry-After of a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(RegisterSchema, await readForm(request));
  if (!parsed.ok) {
    return answer(400, { errors: parsed.errors });
  }
  const { name, email, password, redirectTo } = parsed.data;
  const limited = await limitAuthAttempt(context, "signup", email);
  if (limited) return limited;
  if (!(await rosterCheck(servicesOf(context).db, email)).allowed) {
    return answer(403, {
      toast: errorToast("Este correo electrónico no está en la lista de participantes", "Error de registro"),
    });
  }

  try {
    // Better Auth signs the new user in at once (autoSignIn), as the original did.
    const result = await servicesOf(context).auth.api.signUpEmail({
      body: { name, email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    const headers = forwardCookies(result.headers);
    headers.append(
      "Set-Cookie",
      await servicesOf(context).toasts.flash(successToast(`¡Bienvenido a la Quiniela, ${name}!`, "Registro exitoso")),
    );
    return redirect(safeRedirectPath(redirectTo), { headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const message = registerErrorMessage(errorCode(error));
    return answer(error.statusCode === 422 || error.statusCode === 409 ? 409 : 400, {
      toast: errorToast(message, "Error de registro"),
    });
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/register";
  useToast(actionData?.toast);
  const errors = actionData?.errors ?? {};

  return (
    <AuthCard
      title="Registrarse"
      subtitle="Crea tu cuenta para unirte a la quiniela."
      notice={
        loaderData.invitation && (
          <InvitationNotice {...loaderData.invitation} hint="Crea tu cuenta y te llevamos de vuelta para unirte." />
        )
      }
    >
      <Form method="post" noValidate>
        <Stack gap="md">
          {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
          <TextField label="Nombre" name="name" autoComplete="name" error={errors.name} required />
          <TextField
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="tu@correo.com"
            error={errors.email}
            required
          />
          <NewPasswordFields label="Contraseña" hint={PASSWORD_HINT} errors={errors} />
          <Button type="submit" fullWidth busy={submitting} style={{ marginTop: "var(--mantine-spacing-xs)" }}>
            Registrarse
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            ¿Ya tienes cuenta?{" "}
            <Anchor component={Link} to={keepingRedirect("/login", loaderData.redirectTo)} fw={600}>
              Iniciar Sesión
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthCard>
  );
}
