import { PasswordInput } from "@mantine/core";

import type { FieldErrors } from "#app/domain/forms/form";

/**
 * A new password and its confirmation (/register, /reset-password), named as the schemas read
 * them (`password`, `confirmPassword`: auth/forms/account-forms.ts); `hint` says the password rule.
 */
export function NewPasswordFields({ label, hint, errors }: { label: string; hint: string; errors: FieldErrors }) {
  return (
    <>
      <PasswordInput
        label={label}
        name="password"
        autoComplete="new-password"
        description={hint}
        error={errors.password}
        required
      />
      <PasswordInput
        label="Confirmar contraseña"
        name="confirmPassword"
        autoComplete="new-password"
        error={errors.confirmPassword}
        required
      />
    </>
  );
}
