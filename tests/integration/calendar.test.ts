import ICAL from "ical.js";
import { afterAll, beforeAll, expect, test } from "vitest";

import { createUser } from "../support/accounts";
import {
  currentSeasonId,
  form,
  requestText,
  routeData,
  startTestServer,
  userIdOf,
  type TestServer,
  type TextResponse,
} from "../support/server";

/**
 * The calendar feed (/calendario/<key>.ics, auth/calendar-link.server.ts, migration 0009) on both
 * engines, read back by a real iCalendar parser (ical.js): one event per match of the current
 * season with a kickoff, the same UIDs on every fetch, a SEQUENCE that grows when a kickoff moves
 * (whoever moves it: here SQL straight to the database), the result in the title once played, an
 * alarm an hour before; the address on 'Mi Perfil', 'Renovar enlace' refusing the old one; no
 * session needed, and nothing of anyone's picks or e-mail.
 */

let server: TestServer;
let ana: { id: string; cookie: string };
let beto: { id: string; cookie: string };
/** Jornada 1's matches: the first three get a kickoff, the rest stay 'Fecha por confirmar'. */
let matches: { id: number; home: string; away: string }[];
const KICKOFFS = ["2031-03-01T02:00:00.000Z", "2031-03-01T04:05:00.000Z", "2031-03-02T01:00:00.000Z"];

async function person(name: string, email: string) {
  const cookie = await createUser(server, { name, email });
  return { id: await userIdOf(server, email), cookie };
}

/** The feed's address as 'Mi Perfil' shows it (its loader data). */
async function feedUrl(cookie: string): Promise<string> {
  const { data } = await routeData(server, "/profile.data", "routes/profile", cookie);
  return (data as { calendarUrl: string }).calendarUrl;
}

/** GET of an address, with no cookie at all: what a calendar app sends. */
const fetchFeed = (url: string): Promise<TextResponse> => requestText(server, new URL(url).pathname);

function events(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const alarm = vevent.getFirstSubcomponent("valarm");
    return {
      uid: event.uid,
      summary: event.summary,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      utc: event.startDate.zone?.tzid === "UTC" && event.endDate.zone?.tzid === "UTC",
      stamp: vevent.getFirstPropertyValue("dtstamp") !== null,
      alarm: alarm && {
        action: alarm.getFirstPropertyValue("action"),
        seconds: (alarm.getFirstPropertyValue("trigger") as ICAL.Duration).toSeconds(),
        description: alarm.getFirstPropertyValue("description"),
      },
    };
  });
}

beforeAll(async () => {
  server = await startTestServer();
  ana = await person("Ana", "ana@quiniela.test");
  beto = await person("Beto", "beto@quiniela.test");
  const rows = await server.db
    .selectFrom("matches as m")
    .innerJoin("phases as p", "p.id", "m.phase_id")
    .innerJoin("teams as h", "h.id", "m.home_team_id")
    .innerJoin("teams as a", "a.id", "m.away_team_id")
    .select(["m.id", "h.name as home", "a.name as away"])
    .where("p.season_id", "=", await currentSeasonId(server))
    .where("p.name", "=", "Jornada 1")
    .orderBy("m.id")
    .execute();
  matches = rows;
  for (const [index, kickoff] of KICKOFFS.entries()) {
    await server.db.updateTable("matches").set({ kickoff_at: kickoff }).where("id", "=", matches[index]!.id).execute();
  }
  // Ana's pick of the first match: the feed never shows it.
  const now = new Date().toISOString();
  await server.db
    .insertInto("predictions")
    .values({
      user_id: ana.id,
      match_id: matches[0]!.id,
      home_score: 7,
      away_score: 3,
      created_at: now,
      updated_at: now,
    })
    .execute();
});

afterAll(() => server?.close());

test("the feed: one event per match with a kickoff, UTC times, two hours, an alarm an hour before, no session", async () => {
  const url = await feedUrl(ana.cookie);
  expect(url).toMatch(new RegExp(`^${server.url}/calendario/[\\w-]+\\.[\\w-]{22}\\.ics$`));
  const feed = await fetchFeed(url);
  expect(feed.status).toBe(200);
  expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(feed.headers.get("cache-control")).toMatch(/^private\b/);
  expect(feed.headers.getSetCookie()).toEqual([]);
  expect(feed.body).toMatch(/\r\n$/);
  expect(feed.body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);

  const read = events(feed.body);
  const host = new URL(server.url).hostname;
  expect(read.map((event) => event.uid)).toEqual(matches.slice(0, 3).map((match) => `match-${match.id}@${host}`));
  for (const [index, event] of read.entries()) {
    const match = matches[index]!;
    expect(event).toMatchObject({
      summary: `${match.home} vs ${match.away}`,
      start: KICKOFFS[index],
      end: new Date(Date.parse(KICKOFFS[index]!) + 2 * 3_600_000).toISOString(),
      utc: true,
      stamp: true,
      alarm: { action: "DISPLAY", seconds: -3600, description: `${match.home} vs ${match.away} empieza en una hora` },
    });
  }
  // Nobody's e-mail, nobody's pick (Ana's 7 - 3).
  expect(feed.body).not.toContain("@quiniela.test");
  expect(feed.body).not.toMatch(/7 - 3/);
});

test("UIDs stay across fetches; SEQUENCE grows when a kickoff moves, and only then; the result goes in the title", async () => {
  const url = await feedUrl(ana.cookie);
  const before = events((await fetchFeed(url)).body);
  const [first, second] = matches;

  await server.db
    .updateTable("matches")
    .set({ kickoff_at: "2031-03-01T03:00:00.000Z" })
    .where("id", "=", first!.id)
    .execute();
  // Not a kickoff change: the same time written again, and a result.
  await server.db.updateTable("matches").set({ kickoff_at: KICKOFFS[1]! }).where("id", "=", second!.id).execute();
  await server.db.updateTable("matches").set({ home_score: 2, away_score: 1 }).where("id", "=", second!.id).execute();

  const after = events((await fetchFeed(url)).body);
  expect(after.map((event) => event.uid)).toEqual(before.map((event) => event.uid));
  expect(after[0]!.sequence).toBe(before[0]!.sequence + 1);
  expect(after[0]!.start).toBe("2031-03-01T03:00:00.000Z");
  expect(after[1]!.sequence).toBe(before[1]!.sequence);
  expect(after[1]!.summary).toBe(`${second!.home} 2 - 1 ${second!.away}`);
  expect(after[2]).toEqual(before[2]);

  // It moves again (after the second match now, whose place in the feed it takes): the sequence keeps growing.
  await server.db
    .updateTable("matches")
    .set({ kickoff_at: "2031-03-01T05:00:00.000Z" })
    .where("id", "=", first!.id)
    .execute();
  const moved = events((await fetchFeed(url)).body).find((event) => event.uid === before[0]!.uid);
  expect(moved).toMatchObject({ sequence: before[0]!.sequence + 2, start: "2031-03-01T05:00:00.000Z" });
});

test("a kickoff the admin moves on 'Gestionar Partidos' moves the event and grows its SEQUENCE", async () => {
  const admin = await createUser(server, { name: "Administradora", email: "admin@quiniela.test" });
  const url = await feedUrl(ana.cookie);
  const third = matches[2]!;
  const uid = (list: ReturnType<typeof events>) => list.find((event) => event.uid.startsWith(`match-${third.id}@`))!;
  const before = uid(events((await fetchFeed(url)).body));
  const saved = await requestText(server, "/admin/matches", {
    method: "POST",
    // The season's wall clock (America/Mexico_City, UTC-6 all year): 18:00 UTC.
    body: form({ intent: "set-kickoff", matchId: String(third.id), kickoff: "2031-03-05T12:00" }),
    cookie: admin,
  });
  expect(saved.status).toBe(200);
  const after = uid(events((await fetchFeed(url)).body));
  expect(after).toMatchObject({ sequence: before.sequence + 1, start: "2031-03-05T18:00:00.000Z" });
});

test("'Renovar enlace': the old address answers 404 at once, the new one works; another player's stays theirs", async () => {
  const old = await feedUrl(ana.cookie);
  const betos = await feedUrl(beto.cookie);
  expect(betos).not.toBe(old);
  expect((await fetchFeed(old)).status).toBe(200);

  const renewed = await requestText(server, "/profile.data", {
    method: "POST",
    body: form({ intent: "renew-calendar" }),
    cookie: ana.cookie,
  });
  expect(renewed.status).toBe(200);
  expect(renewed.body).toContain("Enlace renovado");

  const fresh = await feedUrl(ana.cookie);
  expect(fresh).not.toBe(old);
  const gone = await fetchFeed(old);
  expect(gone.status).toBe(404);
  expect(gone.body).toContain("Este calendario no existe o su enlace fue renovado");
  expect((await fetchFeed(fresh)).status).toBe(200);
  expect((await fetchFeed(betos)).status).toBe(200);
  expect(await feedUrl(beto.cookie)).toBe(betos);
});

test("made-up, altered or borrowed addresses answer 404; renewing needs a session", async () => {
  const url = new URL(await feedUrl(beto.cookie));
  const [owner, mac] = url.pathname
    .replace(/^\/calendario\//, "")
    .replace(/\.ics$/, "")
    .split(".");
  const anaId = Buffer.from(ana.id).toString("base64url");
  // The last character has bits a decoder ignores: another spelling of the same hash is refused too.
  const flipped = `${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
  const altered = `${mac!.startsWith("A") ? "B" : "A"}${mac!.slice(1)}`;
  for (const path of [
    "/calendario/nada.ics",
    `/calendario/${owner}.${flipped}.ics`,
    `/calendario/${owner}.${altered}.ics`,
    `/calendario/${anaId}.${mac}.ics`,
    `/calendario/${owner}.${mac}`,
    `/calendario/${owner}.${mac}x.ics`,
  ]) {
    const answer = await requestText(server, path);
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).not.toContain("BEGIN:VCALENDAR");
  }
  const anonymous = await requestText(server, "/profile.data", {
    method: "POST",
    body: form({ intent: "renew-calendar" }),
  });
  expect(anonymous.status).not.toBe(200);
  expect(await feedUrl(beto.cookie)).toBe(url.href);
});
