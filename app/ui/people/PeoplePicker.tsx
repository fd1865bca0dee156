import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";

import { loadOnUse } from "#app/ui/behaviour/load-on-use";
import { TextField } from "#app/ui/primitives/Field";

import { ChosenPeople, type BegunSearch, type PeoplePickerProps } from "./PeopleChoice";

export type { PeoplePickerProps, PersonOption } from "./PeopleChoice";

type Combobox = typeof import("./PeopleCombobox");
const combobox = loadOnUse<Combobox>(() => import("./PeopleCombobox"));

const NOTHING_BEGUN: BegunSearch = { text: "", selection: null, focused: false };

/**
 * What the plain field holds as it is replaced, read from the element itself: its React state
 * would miss what was typed before the field hydrated (the server renders it, and a pool's owner
 * tools hydrate only once their own chunk arrives), and React keeps that text in the element.
 */
function begunIn(field: HTMLInputElement): BegunSearch {
  const { value, selectionStart, selectionEnd } = field;
  const selection = selectionStart === null || selectionEnd === null ? null : ([selectionStart, selectionEnd] as const);
  return { text: value, selection, focused: document.activeElement === field };
}

/**
 * Registered users by display name, with search; the choice is posted as one hidden `userId` per
 * person. Until someone reaches for it, a plain field of the same look: the combobox (Mantine's
 * MultiSelect with its positioning and focus code, a sizeable share of a first load) loads when the field
 * is first focused (a hover fetches it ahead), takes its place with the focus, the text and the
 * caret the field has at that moment, and opens its list.
 */
export function PeoplePicker(props: PeoplePickerProps) {
  const { value, label = "Participantes", description, error } = props;
  const field = useRef<HTMLInputElement>(null);
  const [loaded, setLoaded] = useState(() => combobox.current && { module: combobox.current, begun: NOTHING_BEGUN });
  const load = () =>
    combobox.get().then(
      (module) => {
        const plain = field.current;
        if (!plain) return;
        // Read the field and replace it in one task: a key pressed in between would go to an
        // element on its way out.
        flushSync(() => setLoaded({ module, begun: begunIn(plain) }));
      },
      // The app was updated since this page loaded: load the new one (as the menus do).
      () => window.location.reload(),
    );
  // People already chosen (a form shown again) are shown as the combobox shows them; a field
  // focused before it hydrated (the server rendered it, its code came later) has had its focus
  // event already, which React does not always replay: it loads now.
  const chosen = value.length > 0;
  useEffect(() => {
    const focused = field.current !== null && document.activeElement === field.current;
    if ((chosen || focused) && !combobox.current) void load();
  }, [chosen]);
  if (loaded) return <loaded.module.PeopleCombobox {...props} begun={loaded.begun} />;
  // Uncontrolled: the text lives in the element until the combobox takes it (begunIn).
  return (
    <div>
      <ChosenPeople ids={value} />
      <TextField
        ref={field}
        label={label}
        description={description}
        error={error}
        placeholder="Busca por nombre"
        autoComplete="off"
        onPointerEnter={combobox.prefetch}
        onFocus={() => void load()}
      />
    </div>
  );
}
