import { Group, MultiSelect, Text } from "@mantine/core";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

import {
  ChosenPeople,
  PEOPLE_SEARCH_PATH,
  type BegunSearch,
  type PeoplePickerProps,
  type PeopleSearchAnswer,
  type PersonOption,
} from "./PeopleChoice";
import { UserAvatar } from "./UserAvatar";

/** How long typing pauses before the search is asked (each new search cancels the one before). */
const SEARCH_DELAY_MS = 150;

/**
 * The people picker once someone uses it (./PeoplePicker.tsx loads it): Mantine's MultiSelect,
 * each option with its avatar, offering what the server finds for the text typed (the first
 * people by name when nothing is typed), never the whole list of users. The people chosen are
 * kept here and stay in its data, so their pills keep their names whatever a later search finds.
 * `begun` carries on what was begun in the plain field it replaces: the text (searched for at
 * once), the caret and the focus.
 */
export function PeopleCombobox({
  exclude = [],
  value,
  onChange,
  label = "Participantes",
  description,
  error,
  begun,
}: PeoplePickerProps & { begun: BegunSearch }) {
  const search = useFetcher<PeopleSearchAnswer>();
  const [text, setText] = useState(begun.text);
  const input = useRef<HTMLInputElement>(null);
  // Before the browser paints or takes the next key, so typing goes on where it was.
  useLayoutEffect(() => {
    if (begun.focused && begun.selection) input.current?.setSelectionRange(...begun.selection);
  }, [begun]);
  const [chosen, setChosen] = useState<ReadonlyMap<string, PersonOption>>(new Map());
  const { load } = search;
  useEffect(() => {
    const query = text.trim();
    const timer = setTimeout(
      () => void load(`${PEOPLE_SEARCH_PATH}?q=${encodeURIComponent(query)}`),
      query ? SEARCH_DELAY_MS : 0,
    );
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
  const byId = new Map([...chosen, ...found.map((person) => [person.id, person] as const)]);
  // The chosen ones first (hidden from the list, shown as pills), then the others found. MultiSelect
  // still filters them by the text as typed: what an earlier search found and the text no longer
  // matches leaves the list at once, before the new answer, so a quick Enter picks no one stale.
  const options = [
    ...value.flatMap((id) => byId.get(id) ?? []),
    ...found.filter((person) => !value.includes(person.id)),
  ];
  return (
    <div>
      <ChosenPeople ids={value} />
      <MultiSelect
        label={label}
        description={description}
        placeholder={value.length === 0 ? "Busca por nombre" : undefined}
        data={options.map((person) => ({ value: person.id, label: person.name }))}
        value={[...value]}
        onChange={(ids) => {
          setChosen(new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : []))));
          onChange(ids);
        }}
        searchable
        searchValue={text}
        onSearchChange={setText}
        ref={input}
        autoFocus={begun.focused}
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
