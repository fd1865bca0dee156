import { expect, test } from "vitest";

import { foldedNextTime, RULES_COOKIE, rulesFold } from "./remembered-fold";

test("'¿Cómo se juega?' shows open on the first visit, folded after it, open again when the reader opened it", () => {
  expect(rulesFold(null)).toEqual({ open: true, firstVisit: true });
  expect(rulesFold("quiniela_toast=x; otra=1")).toEqual({ open: true, firstVisit: true });
  expect(rulesFold(`a=1; ${RULES_COOKIE}=cerrado`)).toEqual({ open: false, firstVisit: false });
  expect(rulesFold(`${RULES_COOKIE}=abierto; a=1`)).toEqual({ open: true, firstVisit: false });
  // Another cookie whose name ends the same is not it.
  expect(rulesFold(`x${RULES_COOKIE}=abierto`)).toEqual({ open: true, firstVisit: true });
  expect(foldedNextTime()).toMatch(new RegExp(`^${RULES_COOKIE}=cerrado; Path=/; Max-Age=\\d+; SameSite=Lax$`));
});
