import { useEffect, useState } from "react";
import { loadOnUse } from "./load-on-use";
import { ChosenPeople, type PeoplePickerProps } from "./people-choice";
import { TextField } from "./primitives/Field";

export type { PeoplePickerProps, PersonOption } from "./people-choice";

type Combobox = typeof import("./PeopleCombobox");
const combobox = loadOnUse<Combobox>(() => import("./PeopleCombobox"));

/**
 * Registered users by display name, with search; the choice is posted as one hidden `userId` per
 * person. Until someone reaches for it, a plain field of the same look: the combobox (Mantine's
 * MultiSelect with its positioning and focus code, a sizeable share of a first load) loads when the field
 * is first focused (a hover fetches it ahead), takes its place with the focus and what was typed,
 * and opens its list.
 */
export function PeoplePicker(props: PeoplePickerProps) {
  const { value, label = "Participantes", description, error } = props;
  const [loaded, setLoaded] = useState<Combobox | undefined>(() => combobox.current);
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState("");
  const load = (focus: boolean) =>
    combobox.get().then(
      (module) => {
        setFocused(focus);
        setLoaded(module);
      },
      // The app was updated since this page loaded: load the new one (as the menus do).
      () => window.location.reload(),
    );
  // People already chosen (a form shown again) are shown as the combobox shows them.
  const chosen = value.length > 0;
  useEffect(() => {
    if (chosen && !combobox.current) void load(false);
  }, [chosen]);
  if (loaded) return <loaded.PeopleCombobox {...props} autoFocus={focused} defaultSearchValue={typed} />;
  return (
    <div>
      <ChosenPeople ids={value} />
      <TextField
        label={label}
        description={description}
        error={error}
        placeholder="Busca por nombre"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onPointerEnter={combobox.prefetch}
        onFocus={() => void load(true)}
      />
    </div>
  );
}
