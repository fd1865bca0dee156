import { ButtonLink } from "#app/ui/primitives/Button";
import typography from "#app/ui/theme/typography.module.css";

import classes from "./ChangeList.module.css";

/** An entry of 'Bitácora' as the pages get it (data/changes/change-list.server.ts). */
export interface ChangeItem {
  id: number;
  createdAt: string;
  when: string;
  seasonName: string | null;
  actorName: string;
  text: string;
}

/**
 * The log's entries, newest first: each change in one line, then when (and, on the admin's
 * 'Bitácora', who and in which season). A list rather than a table: it reads on a phone.
 */
export function ChangeList({
  label,
  items,
  details,
}: {
  label: string;
  items: readonly ChangeItem[];
  details: boolean;
}) {
  return (
    <ol className={classes.list} aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={classes.item}>
          <span className={classes.text}>{item.text}</span>
          <span className={typography.dimmed}>
            <time dateTime={item.createdAt}>{item.when}</time>
            {details && ` · ${item.actorName}${item.seasonName ? ` · ${item.seasonName}` : ""}`}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** 'Anterior' and 'Siguiente' between pages of the log (the other query parameters kept by `hrefFor`). */
export function ChangePages({
  label,
  page,
  hasNext,
  hrefFor,
}: {
  label: string;
  page: number;
  hasNext: boolean;
  hrefFor: (page: number) => string;
}) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className={classes.pages}>
      {page > 1 && (
        <ButtonLink to={hrefFor(page - 1)} variant="default">
          Anterior
        </ButtonLink>
      )}
      <span className={typography.dimmed}>{`Página ${page}`}</span>
      {hasNext && (
        <ButtonLink to={hrefFor(page + 1)} variant="default">
          Siguiente
        </ButtonLink>
      )}
    </nav>
  );
}
