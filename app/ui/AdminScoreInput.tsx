import { TextInput } from "@mantine/core";
import { ADMIN_MAX_GOALS } from "#app/domain/admin-forms";

/** One score box of the admin screens (0–20), named 'Goles de {equipo}'. */
export function AdminScoreInput({
  name,
  team,
  defaultValue,
}: {
  name: string;
  team: string;
  defaultValue?: number | null;
}) {
  return (
    <TextInput
      name={name}
      aria-label={`Goles de ${team}`}
      type="number"
      inputMode="numeric"
      min={0}
      max={ADMIN_MAX_GOALS}
      step={1}
      w={52}
      defaultValue={defaultValue ?? ""}
      styles={{ input: { textAlign: "center", fontWeight: 700, fontSize: 16, paddingInline: 2 } }}
    />
  );
}
