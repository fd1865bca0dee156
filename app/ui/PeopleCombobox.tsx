import { Group, MultiSelect, Text } from "@mantine/core";
import { ChosenPeople, type PeoplePickerProps } from "./people-choice";
import { UserAvatar } from "./UserAvatar";

/**
 * The people picker once someone uses it (./PeoplePicker.tsx loads it): Mantine's MultiSelect,
 * searchable, each option with its avatar. `autoFocus` and `defaultSearchValue` carry on what was
 * begun in the plain field it replaces.
 */
export function PeopleCombobox({
  people,
  value,
  onChange,
  label = "Participantes",
  description,
  error,
  autoFocus,
  defaultSearchValue,
}: PeoplePickerProps & { autoFocus: boolean; defaultSearchValue: string }) {
  const byId = new Map(people.map((person) => [person.id, person]));
  return (
    <div>
      <ChosenPeople ids={value} />
      <MultiSelect
        label={label}
        description={description}
        placeholder={value.length === 0 ? "Busca por nombre" : undefined}
        data={people.map((person) => ({ value: person.id, label: person.name }))}
        value={[...value]}
        onChange={onChange}
        searchable
        autoFocus={autoFocus}
        defaultSearchValue={defaultSearchValue}
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
