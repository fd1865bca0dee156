/** What the people picker (./PeoplePicker.tsx) and its combobox (./PeopleCombobox.tsx) share. */

export interface PersonOption {
  id: string;
  name: string;
  image: string | null;
  avatarColor: string;
}

/** What the participants search answers (routes/personas.ts, /personas?q=…). */
export interface PeopleSearchAnswer {
  people: PersonOption[];
}

/** Where the picker asks for the people whose name holds what was typed. */
export const PEOPLE_SEARCH_PATH = "/personas";

export interface PeoplePickerProps {
  /** People never offered (the pool's participants; its owner). */
  exclude?: readonly string[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  label?: string;
  description?: string;
  error?: string;
}

/** What was begun in the plain field when the combobox takes its place. */
export interface BegunSearch {
  text: string;
  /** The caret (or the selected part of the text). */
  selection: readonly [number, number] | null;
  focused: boolean;
}

/** The choice as the form posts it: one hidden `userId` per person. */
export function ChosenPeople({ ids }: { ids: readonly string[] }) {
  return ids.map((id) => <input key={id} type="hidden" name="userId" value={id} />);
}
