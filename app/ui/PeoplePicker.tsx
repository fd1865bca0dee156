import { Group, MultiSelect, Text } from "@mantine/core";
import { UserAvatar } from "./UserAvatar";

export interface PersonOption {
  id: string;
  name: string;
  image: string | null;
  avatarColor: string;
}

/**
 * Registered users by display name, with search; the choice is posted as one hidden `userId`
 * per person.
 */
export function PeoplePicker({
  people,
  value,
  onChange,
  label = "Participantes",
  description,
  error,
}: {
  people: readonly PersonOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  label?: string;
  description?: string;
  error?: string;
}) {
  const byId = new Map(people.map((person) => [person.id, person]));
  return (
    <div>
      {value.map((id) => (
        <input key={id} type="hidden" name="userId" value={id} />
      ))}
      <MultiSelect
        label={label}
        description={description}
        placeholder={value.length === 0 ? "Busca por nombre" : undefined}
        data={people.map((person) => ({ value: person.id, label: person.name }))}
        value={[...value]}
        onChange={onChange}
        searchable
        clearable
        hidePickedOptions
        limit={50}
        maxDropdownHeight={280}
        nothingFoundMessage="Nadie con ese nombre"
        error={error}
        comboboxProps={{ shadow: "md" }}
        renderOption={({ option }) => {
          const person = byId.get(option.value);
          return (
            <Group gap="sm" wrap="nowrap">
              {person && <UserAvatar name={person.name} image={person.image} color={person.avatarColor} size={24} />}
              <Text size="sm" truncate>
                {option.label}
              </Text>
            </Group>
          );
        }}
      />
    </div>
  );
}
