import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import {
  activatePhase,
  currentSeasonId,
  requestText,
  startTestServer,
  userIdOf,
  type TestServer,
} from "../support/server";

/**
 * Saving the prediction form, on both engines (SPEC §8; issue 44, 'A save you can trust'): where
 * picks are final (the bundled Clausura 2024), every match of the form needs both scores, all or
 * nothing; where they are editable, a player saves part of a jornada and finishes it later; a
 * score out of 0–99 is refused naming its match, its box marked, through the action's one answer
 * (a toast and a message per box), on the home page and on a pool page, with JavaScript (.data)
 * and without (the page's HTML marks the box).
 */

let server: TestServer;
let ana = "";
let anaId = "";
/** Five matches of Jornada 1, made active. */
let ids: number[] = [];
const labels = new Map<number, string>();

beforeAll(async () => {
  server = await startTestServer();
  ana = await createUser(server, { name: "Ana", email: "ana@quiniela.test" });
  anaId = await userIdOf(server, "ana@quiniela.test");
  ids = (await activatePhase(server, "Jornada 1")).matchIds.slice(0, 5);
  const rows = await server.db
    .selectFrom("matches as m")
    .innerJoin("teams as h", "h.id", "m.home_team_id")
    .innerJoin("teams as a", "a.id", "m.away_team_id")
    .select(["m.id", "h.name as home", "a.name as away"])
    .where("m.id", "in", ids)
    .execute();
  for (const row of rows) labels.set(row.id, `${row.home} vs ${row.away}`);
});
afterAll(() => server.close());

/** A form as the page posts it: every match's id, and its two boxes as typed ("" when blank). */
function formOf(boxes: Record<number, [string, string]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [id, [home, away]] of Object.entries(boxes)) {
    body.append("matchId", id);
    body.append(`home-${id}`, home);
    body.append(`away-${id}`, away);
  }
  return body;
}

interface Answer {
  ok: boolean;
  toast: { title: string; message: string } | null;
  errors: Record<string, string>;
}

/** POSTs the form as the page's script does (React Router's .data request); the action's answer, decoded. */
async function postData(path: string, body: URLSearchParams): Promise<{ status: number; answer: Answer }> {
  const response = await server.request(path, { method: "POST", body, cookie: ana });
  const raw = await response.text();
  const decoded = await decodeViaTurboStream(new Response(raw).body!, globalThis);
  await decoded.done;
  const value = decoded.value as { data?: Answer };
  expect(value.data, raw.slice(0, 300)).toBeDefined();
  return { status: response.status, answer: value.data! };
}

const home = (body: URLSearchParams) => postData("/_root.data?index", body);

async function storedPicks() {
  const rows = await server.db
    .selectFrom("predictions")
    .select(["match_id", "home_score", "away_score"])
    .where("user_id", "=", anaId)
    .orderBy("match_id")
    .execute();
  return rows.map((row) => [row.match_id, row.home_score, row.away_score]);
}

async function setEditable(editable: boolean) {
  await server.db
    .updateTable("seasons")
    .set({ editable_picks: editable ? 1 : 0 })
    .where("id", "=", await currentSeasonId(server))
    .execute();
}

const RANGE = "Los goles deben ser un número entero entre 0 y 99";
const BOTH = "Escribe los dos marcadores";

describe.sequential("the prediction form's save", () => {
  test("where picks are final, a form with a match left blank is refused whole, its blank boxes marked", async () => {
    const [m1, m2, m3] = ids as [number, number, number];
    const refused = await home(formOf({ [m1]: ["2", "1"], [m2]: ["", ""], [m3]: ["1", ""] }));
    expect(refused.status).toBe(400);
    expect(refused.answer.ok).toBe(false);
    // The original's words: every pending match at once.
    expect(refused.answer.toast?.message).toBe("Debes predecir todos los partidos pendientes");
    expect(refused.answer.errors).toEqual({ [`home-${m2}`]: BOTH, [`away-${m2}`]: BOTH, [`away-${m3}`]: BOTH });
    expect(await storedPicks()).toEqual([]);
  });

  test("a score out of 0–99 is refused naming its match and marking its box; nothing stored", async () => {
    const [m1, m2, m3] = ids as [number, number, number];
    const refused = await home(formOf({ [m1]: ["2", "1"], [m2]: ["-1", "0"], [m3]: ["1", "100"] }));
    expect(refused.status).toBe(400);
    expect(refused.answer.toast?.message).toBe(`${labels.get(m2)}: los goles deben ser un número entero entre 0 y 99`);
    expect(refused.answer.errors).toEqual({ [`home-${m2}`]: RANGE, [`away-${m3}`]: RANGE });
    expect(await storedPicks()).toEqual([]);

    // Without JavaScript the page comes back with the box marked and its message beside it.
    const page = await requestText(server, "/?index", {
      method: "POST",
      body: formOf({ [m1]: ["2", "1"], [m2]: ["-1", "0"] }),
      cookie: ana,
    });
    expect(page.status).toBe(400);
    const box = page.body.match(new RegExp(`<input[^>]*name="home-${m2}"[^>]*>`))?.[0] ?? "";
    expect(box).toContain('aria-invalid="true"');
    const describedBy = box.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeTruthy();
    expect(page.body).toMatch(new RegExp(`id="${describedBy}"[^>]*>${RANGE}<`));
    // The other boxes are not marked.
    expect(page.body.match(new RegExp(`<input[^>]*name="away-${m2}"[^>]*>`))?.[0]).not.toContain("aria-invalid");
    expect(await storedPicks()).toEqual([]);
  });

  test("on a pool page the same refusal names the match and marks its box", async () => {
    const [m1, m2] = ids as [number, number];
    const created = await requestText(server, "/quiniela/new", {
      method: "POST",
      body: new URLSearchParams([
        ["name", "La de la oficina"],
        ["matchId", String(m1)],
        ["matchId", String(m2)],
      ]),
      cookie: ana,
    });
    expect(created.status, created.body.slice(0, 300)).toBe(302);
    const refused = await postData(`${created.location}.data`, formOf({ [m1]: ["1", "1"], [m2]: ["3", "120"] }));
    expect(refused.status).toBe(400);
    expect(refused.answer.toast?.message).toBe(`${labels.get(m2)}: los goles deben ser un número entero entre 0 y 99`);
    expect(refused.answer.errors).toEqual({ [`away-${m2}`]: RANGE });
    expect(await storedPicks()).toEqual([]);
  });

  test("where picks are editable, part of a jornada is saved and the rest later; a half-filled match is named", async () => {
    await setEditable(true);
    const [m1, m2, m3, m4, m5] = ids as [number, number, number, number, number];
    const part = await home(
      formOf({ [m1]: ["2", "1"], [m2]: ["", ""], [m3]: ["", ""], [m4]: ["", ""], [m5]: ["", ""] }),
    );
    expect(part.status, JSON.stringify(part.answer)).toBe(200);
    expect(part.answer.toast?.message).toBe("Tus predicciones han sido guardadas");
    expect(await storedPicks()).toEqual([[m1, 2, 1]]);

    // One box of a match filled and the other blank: refused, naming the match; nothing stored.
    const half = await home(formOf({ [m1]: ["2", "1"], [m2]: ["0", ""], [m3]: ["1", "1"], [m4]: ["", ""] }));
    expect(half.status).toBe(400);
    expect(half.answer.toast?.message).toBe(`${labels.get(m2)}: escribe los dos marcadores`);
    expect(half.answer.errors).toEqual({ [`away-${m2}`]: BOTH });
    // A form with nothing written saves nothing, and says so.
    const empty = await home(formOf({ [m2]: ["", ""], [m3]: ["", ""] }));
    expect(empty.status).toBe(400);
    expect(empty.answer.toast?.message).toBe("Escribe al menos un pronóstico para guardar");
    expect(await storedPicks()).toEqual([[m1, 2, 1]]);

    // Later, the rest of the jornada (the saved pick comes back with the form, unchanged).
    const rest = await home(
      formOf({ [m1]: ["2", "1"], [m2]: ["0", "0"], [m3]: ["1", "1"], [m4]: ["3", "2"], [m5]: ["", ""] }),
    );
    expect(rest.status, JSON.stringify(rest.answer)).toBe(200);
    expect(await storedPicks()).toEqual([
      [m1, 2, 1],
      [m2, 0, 0],
      [m3, 1, 1],
      [m4, 3, 2],
    ]);
  });
});
