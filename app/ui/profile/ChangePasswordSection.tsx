import { PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";

import type { ActionAnswer } from "#app/ui/feedback/action-answer";
import { useToast } from "#app/ui/feedback/Toasts";
import { NewPasswordFields } from "#app/ui/people/NewPasswordFields";
import { Button } from "#app/ui/primitives/Button";
import { Panel } from "#app/ui/primitives/Panel";

/**
 * 'Cambiar contraseña' on 'Mi Perfil' (routes/profile.tsx answers it, intent `change-password`):
 * the current password and the new one twice. A wrong current password is marked on its field;
 * after a change the fields empty and this browser stays signed in (the others are signed out).
 * The new password's hint is the password rule's (auth/forms/password-rule.ts), handed in by the route.
 */
export function ChangePasswordSection({ email, passwordHint }: { email: string; passwordHint: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useToast(fetcher.data?.toast);
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  const errors = answer?.errors ?? {};

  return (
    <Panel as="section" padding="lg" aria-labelledby={headingId}>
      <fetcher.Form method="post" noValidate ref={form}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            Cambiar contraseña
          </Title>
          <Text size="sm" c="dimmed">
            Al cambiarla se cierran tus sesiones en otros dispositivos; en este sigues dentro.
          </Text>
          <input type="hidden" name="intent" value="change-password" />
          {/* Whose password this is, for the browser's password manager (not sent). */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Contraseña actual"
            name="currentPassword"
            autoComplete="current-password"
            error={errors.currentPassword}
            // Mantine marks its inner field only with a data attribute: screen readers hear it invalid too.
            aria-invalid={errors.currentPassword ? true : undefined}
            required
          />
          <NewPasswordFields label="Nueva contraseña" hint={passwordHint} errors={errors} />
          <div>
            <Button type="submit" busy={fetcher.state !== "idle"}>
              Cambiar contraseña
            </Button>
          </div>
        </Stack>
      </fetcher.Form>
    </Panel>
  );
}
