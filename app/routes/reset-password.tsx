import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { isAPIError } from "better-auth/api";
import { Form, Link, redirect, useNavigation } from "react-router";

import { forwardCookies } from "#app/auth/cookies";
import { NewPasswordSchema, resetToken } from "#app/auth/forms/account-forms";
import { PASSWORD_HINT } from "#app/auth/forms/password-rule";
import { accountForToken } from "#app/auth/links/password-reset.server";
import { parseForm } from "#app/domain/forms/form";
import { answer } from "#app/http/action-answer.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { errorToast, successToast, useToast } from "#app/ui/feedback/Toasts";
import { AuthCard } from "#app/ui/people/AuthCard";
import { NewPasswordFields } from "#app/ui/people/NewPasswordFields";
import { Button } from "#app/ui/primitives/Button";

import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Restablecer contraseña · Quiniela" }];

const INVALID_LINK = "El enlace no es válido, ya se usó o expiró. Pide uno nuevo.";

/** Public: anyone holding a valid one-time link may set the account's password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const account = resetToken.safeParse(token).success ? await accountForToken(servicesOf(context).auth, token) : null;
  return { token, valid: account !== null, email: account?.email ?? null };
}

/**
 * Sets the new password (Better Auth consumes the token and ends every session of the account),
 * then signs the person in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(NewPasswordSchema, await readForm(request));
  if (!parsed.ok) return answer(400, { errors: parsed.errors });
  const { token, password } = parsed.data;
  const invalidLink = () => answer(400, { toast: errorToast(INVALID_LINK) });
  const { auth } = servicesOf(context);
  const account = await accountForToken(auth, token);
  if (!account) return invalidLink();
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return invalidLink();
  }
  const signIn = await auth.api.signInEmail({
    body: { email: account.email, password },
    headers: request.headers,
    returnHeaders: true,
  });
  const headers = forwardCookies(signIn.headers);
  headers.append(
    "Set-Cookie",
    await servicesOf(context).toasts.flash(successToast("Tu contraseña se actualizó.", "Contraseña actualizada")),
  );
  return redirect("/", { headers });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useToast(actionData?.toast);
  const errors = actionData?.errors ?? {};

  if (!loaderData.valid) {
    return (
      <AuthCard title="Restablecer contraseña" subtitle="Cada enlace es de un solo uso y caduca.">
        <Stack>
          <Alert color="red" variant="light" title="Enlace inválido">
            {INVALID_LINK}
          </Alert>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login" fw={600}>
              Iniciar Sesión
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Restablecer contraseña" subtitle={`Nueva contraseña para ${loaderData.email}`}>
      <Form method="post" noValidate>
        <Stack gap="md">
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields label="Nueva contraseña" hint={PASSWORD_HINT} errors={errors} />
          <Button type="submit" fullWidth busy={navigation.state === "submitting"}>
            Guardar contraseña
          </Button>
        </Stack>
      </Form>
    </AuthCard>
  );
}
