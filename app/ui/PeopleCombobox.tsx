import { Group, MultiSelect, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ChosenPeople, PEOPLE_SEARCH_PATH, type PeoplePickerProps, type PeopleSearchAnswer } from "./people-choice";
import { UserAvatar } from "./UserAvatar";

/** How long typing pauses before the search is asked (each new search cancels the one before). */
const SEARCH_DELAY_MS = 150;

/**
 * The people picker once someone uses it (./PeoplePicker.tsx loads it): Mantine's MultiSelect,
 * each option with its avatar, offering what the server finds for the text typed (the first
 * people by name when nothing is typed), never the whole list of users. The people chosen keep
 * their pills whatever a later search finds (MultiSelect retains them). `autoFocus` and
 * `defaultSearchValue` carry on what was begun in the plain field it replaces.
 */
export function PeopleCombobox({
  exclude = [],
  value,
  onChange,
  label = "Participantes",
  description,
  error,
  autoFocus,
  defaultSearchValue,
}: PeoplePickerProps & { autoFocus: boolean; defaultSearchValue: string }) {
  const search = useFetcher<PeopleSearchAnswer>();
  const [text, setText] = useState(defaultSearchValue);
  const { load } = search;
  useEffect(() => {
    const query = text.trim();
    const timer = setTimeout(() => void load(`${PEOPLE_SEARCH_PATH}?q=${encodeURIComponent(query)}`), query ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [text, load]);

  const excluded = new Set(exclude);
  const answered = search.data?.people ?? [];
  const found = answered.filter((person) => !excluded.has(person.id));
  // The search answers the first few by name: when all of them are already in, more of the name finds others.
  const nothingFound =
    search.state !== "idle"
      ? "Buscando…"
      : answered.length > found.length
        ? "Ya participan; escribe más del nombre para buscar a otros"
        : "Nadie con ese nombre";
  const byId = new Map(found.map((person) => [person.id, person]));
  return (
    <div>
      <ChosenPeople ids={value} />
      <MultiSelect
        label={label}
        description={description}
        placeholder={value.length === 0 ? "Busca por nombre" : undefined}
        data={found.map((person) => ({ value: person.id, label: person.name }))}
        value={[...value]}
        onChange={onChange}
        searchable
        searchValue={text}
        onSearchChange={setText}
        // The server found them by name already.
        filter={({ options }) => options}
        autoFocus={autoFocus}
        clearable
        hidePickedOptions
        maxDropdownHeight={280}
        nothingFoundMessage={nothingFound}
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
