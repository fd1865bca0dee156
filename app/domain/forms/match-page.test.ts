import { expect, test } from "vitest";

import { MAX_ID } from "./input";
import { matchPageQuery } from "./match-page";

const query = (search: string) => matchPageQuery(new URLSearchParams(search));

test("a match and its page; the first page by default, or when the page is no number", () => {
  expect(query("partido=12&pagina=3")).toEqual({ matchId: 12, page: 3 });
  expect(query("partido=12")).toEqual({ matchId: 12, page: 1 });
  expect(query("partido=12&pagina=x")).toEqual({ matchId: 12, page: 1 });
  expect(query("partido=12&pagina=0")).toEqual({ matchId: 12, page: 1 });
});

test("a match that is no id is none", () => {
  for (const partido of ["", "abc", "0", "-4", "1.5", String(MAX_ID + 1)]) {
    expect(query(`partido=${partido}`), partido).toBeNull();
  }
  expect(query("pagina=2")).toBeNull();
});
