import { Form, useSubmit } from "react-router";

import { Button } from "#app/ui/primitives/Button";
import { SelectField } from "#app/ui/primitives/Field";

export interface SeasonOption {
  id: number;
  name: string;
  isCurrent: boolean;
}

/**
 * The select 'Temporada' of the pages that can look at another season than the current one
 * (standings, captured predictions, the admin screens): a GET form to the same page with
 * ?temporada=, sent as soon as a season is picked (a 'Ver' button without JavaScript).
 */
export function SeasonSelect({
  seasons,
  selected,
  action,
  className,
}: {
  seasons: readonly SeasonOption[];
  selected: number;
  /** The page's path: the query string starts afresh (another season's phases are other ones). */
  action: string;
  className?: string;
}) {
  const submit = useSubmit();
  if (seasons.length < 2) return null;
  return (
    <Form method="get" action={action} className={className}>
      <SelectField
        label="Temporada"
        name="temporada"
        defaultValue={String(selected)}
        key={selected}
        onChange={(event) => submit(event.currentTarget.form)}
        options={seasons.map((season) => ({
          value: String(season.id),
          label: season.isCurrent ? `${season.name} (actual)` : season.name,
        }))}
      />
      <noscript>
        <Button type="submit" variant="default">
          Ver
        </Button>
      </noscript>
    </Form>
  );
}
