/** What the people picker (./PeoplePicker.tsx) and its combobox (./PeopleCombobox.tsx) share. */

export interface PersonOption {
  id: string;
  name: string;
  image: string | null;
  avatarColor: string;
}

export interface PeoplePickerProps {
  people: readonly PersonOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  label?: string;
  description?: string;
  error?: string;
}

/** The choice as the form posts it: one hidden `userId` per person. */
export function ChosenPeople({ ids }: { ids: readonly string[] }) {
  return ids.map((id) => <input key={id} type="hidden" name="userId" value={id} />);
}
