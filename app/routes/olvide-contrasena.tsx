import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { Form, Link, redirect, useNavigation } from "react-router";

import { ForgotPasswordSchema } from "#app/auth/forms/account-forms";
import { emailResetLink } from "#app/auth/links/password-reset.server";
import { parseForm } from "#app/domain/forms/form";
import { answer } from "#app/http/action-answer.server";
import { limitAuthAttempt } from "#app/http/auth-limits.server";
import { servicesOf } from "#app/http/context";
import { readForm } from "#app/http/form.server";
import { useToast } from "#app/ui/feedback/Toasts";
import { AuthCard } from "#app/ui/people/AuthCard";
import { Button } from "#app/ui/primitives/Button";
import { TextField } from "#app/ui/primitives/Field";

import type { Route } from "./+types/olvide-contrasena";

export const meta: Route.MetaFunction = () => [{ title: "¿Olvidaste tu contraseña? · Quiniela" }];

/** The one answer, whether or not the e-mail has an account (and whether or not the mail goes out). */
export const RESET_EMAIL_ANSWER = "Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.";

/** Without SMTP_* the page does not exist: it answers like an unknown path (a redirect to /). */
function requireEmail(context: Route.LoaderArgs["context"]) {
  if (!servicesOf(context).config.smtp) throw redirect("/");
}

export function loader({ context }: Route.LoaderArgs) {
  requireEmail(context);
  return null;
}

/** Passes the action's headers on (Retry-After of a 429). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/**
 * Answers at once, and the same way for every well-formed e-mail: the link is created and
 * e-mailed in the background (see emailResetLink), so the answer's content and timing say
 * nothing about the account. Rate-limited per IP and per e-mail like sign-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireEmail(context);
  const parsed = parseForm(ForgotPasswordSchema, await readForm(request));
  if (!parsed.ok) {
    return answer(400, { errors: parsed.errors });
  }
  const { email } = parsed.data;
  const limited = await limitAuthAttempt(context, "reset", email);
  if (limited) return limited;
  emailResetLink(servicesOf(context).auth, email);
  return answer<{ sent: true }>(200, { sent: true });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/olvide-contrasena") === true;
  useToast(actionData?.toast);
  const errors = actionData?.errors ?? {};

  const backToLogin = (
    <Text size="sm" ta="center">
      <Anchor component={Link} to="/login" fw={600}>
        Volver a Iniciar Sesión
      </Anchor>
    </Text>
  );

  if (actionData && "sent" in actionData) {
    return (
      <AuthCard title="¿Olvidaste tu contraseña?" subtitle="Revisa tu correo.">
        <Stack>
          <Alert color="blue" variant="light" title="Solicitud recibida">
            {RESET_EMAIL_ANSWER} El enlace es de un solo uso y vale por una hora.
          </Alert>
          {backToLogin}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle="Escribe tu correo y te enviaremos un enlace para elegir una contraseña nueva."
    >
      <Form method="post" noValidate>
        <Stack gap="md">
          <TextField
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="tu@correo.com"
            error={errors.email}
            required
          />
          <Button type="submit" fullWidth busy={submitting} style={{ marginTop: "var(--mantine-spacing-xs)" }}>
            Enviar enlace
          </Button>
          {backToLogin}
        </Stack>
      </Form>
    </AuthCard>
  );
}
