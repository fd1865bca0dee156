import { Link } from "react-router";

import { countText } from "#app/domain/plural";

import classes from "./PicksPager.module.css";

/** Where a match's own pages of picks are: the public captured page's or the admin's. */
export type MatchPageHref = (matchId: number, page?: number) => string;

/** A match's page being shown: which of how many. */
export interface PicksPaging {
  matchId: number;
  page: number;
  pages: number;
}

/** Under a card that lists a match's first picks only: 'Ver los 131 pronósticos', its own pages. */
export function MorePicks({ matchId, total, hrefFor }: { matchId: number; total: number; hrefFor: MatchPageHref }) {
  return (
    <Link to={hrefFor(matchId)} className={classes.more}>
      {`Ver los ${countText(total)} pronósticos`}
    </Link>
  );
}

/**
 * 'Anterior' · 'Página 1 de 2' · 'Siguiente' between the pages of a list of picks (nothing for
 * one page): a match's own pages, the admin's 'Administración de Pronósticos'.
 */
export function PicksPages({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Páginas de pronósticos" className={classes.pager}>
      {page > 1 && (
        <Link to={hrefFor(page - 1)} className={classes.link}>
          Anterior
        </Link>
      )}
      <span className={classes.text}>{`Página ${countText(page)} de ${countText(pages)}`}</span>
      {page < pages && (
        <Link to={hrefFor(page + 1)} className={classes.link}>
          Siguiente
        </Link>
      )}
    </nav>
  );
}

/** The pager between a match's own pages. */
export function PicksPager({ paging, hrefFor }: { paging: PicksPaging | null; hrefFor: MatchPageHref }) {
  if (!paging) return null;
  const { matchId } = paging;
  return <PicksPages page={paging.page} pages={paging.pages} hrefFor={(page) => hrefFor(matchId, page)} />;
}
