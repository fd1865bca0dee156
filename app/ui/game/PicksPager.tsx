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

/** 'Anterior' · 'Página 1 de 2' · 'Siguiente' between a match's own pages (nothing for one page). */
export function PicksPager({ paging, hrefFor }: { paging: PicksPaging | null; hrefFor: MatchPageHref }) {
  if (!paging || paging.pages <= 1) return null;
  const { matchId, page, pages } = paging;
  return (
    <nav aria-label="Páginas de pronósticos" className={classes.pager}>
      {page > 1 && (
        <Link to={hrefFor(matchId, page - 1)} className={classes.link}>
          Anterior
        </Link>
      )}
      <span className={classes.text}>{`Página ${countText(page)} de ${countText(pages)}`}</span>
      {page < pages && (
        <Link to={hrefFor(matchId, page + 1)} className={classes.link}>
          Siguiente
        </Link>
      )}
    </nav>
  );
}
