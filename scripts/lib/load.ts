// Load generators shared by `npm run bench` and `npm run scale`: the deadline rush and the
// throughput of one page. They report figures; the scripts print them.
import { openDatabase } from "#app/data/engine/db.server";
import { PREDICTIONS_SAVED } from "#app/http/save-predictions.server";

import { BenchClient, bodyText, median, percentile } from "./bench-http";

/**
 * A cookie that means nothing to the app. A visitor without cookies may get a public page from
 * the microcache (server/page-cache.ts); with it the server renders the page, as it does for the
 * first visitor after a change: the bench's latency lines and the scale's page costs use it.
 */
export const RENDERED_COOKIE = "bench=renderizar";

export interface RushFigures {
  batchesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** The first answer that was not 200, shortened, to show why. */
  firstFailure?: string;
}

/**
 * Signs the players in, one after another on one connection; their session cookies, in order.
 * (A connection left idle for the server's keep-alive timeout can be closed by the server
 * just as the rush writes on it, which a browser retries but this client reports: the rush
 * opens new connections.)
 */
export async function signIn(
  baseUrl: string,
  players: readonly { email: string; password: string }[],
): Promise<string[]> {
  const client = new BenchClient(baseUrl);
  try {
    const cookies: string[] = [];
    for (const player of players) cookies.push(await client.login(player.email, player.password));
    return cookies;
  } finally {
    client.close();
  }
}

/** How a player's browser sends the form: with JavaScript (the app as shipped) or without. */
export type RushMode = "javascript" | "html";

/**
 * The deadline rush: every signed-in player submits the open jornada at the same moment, each on
 * a new connection of their own. With JavaScript, as browsers do: the form's action as React
 * Router's data request (POST /_root.data?index), whose answer carries the page as it now is, so
 * the browser asks for nothing more (routes/index.tsx, ui/behaviour/page-answer.ts). Without (`html`): the
 * action and the whole page in one answer.
 */
export async function rush(
  baseUrl: string,
  cookies: readonly string[],
  form: (i: number) => URLSearchParams,
  mode: RushMode = "javascript",
): Promise<RushFigures> {
  const clients = cookies.map(() => new BenchClient(baseUrl));
  const started = performance.now();
  const answers = await Promise.all(
    clients.map((client, i) =>
      client.request("POST", mode === "html" ? "/?index" : "/_root.data?index", { cookie: cookies[i], form: form(i) }),
    ),
  );
  const wallMs = performance.now() - started;
  for (const client of clients) client.close();
  // Each answer is checked for the saved toast after the clock stops: reading it is the browser's work.
  const results = answers.map((answer) => ({ ...answer, saved: bodyText(answer).includes(PREDICTIONS_SAVED) }));
  const times = results.map((res) => res.ms);
  const failures = results.filter((res) => res.status !== 200 || !res.saved);
  return {
    batchesPerSecond: (cookies.length / wallMs) * 1000,
    p50Ms: median(times),
    p99Ms: percentile(times, 99),
    failed: failures.length,
    firstFailure:
      failures[0] && `HTTP ${failures[0].status} ${bodyText(failures[0]).slice(0, 300).replace(/\s+/g, " ")}`,
  };
}

/** How many of these players' picks for these matches are stored (each batch exactly once: players × matches). */
export async function storedPredictions(
  where: { dataDir: string; databaseUrl: string | undefined },
  emails: readonly string[],
  matchIds: readonly number[],
): Promise<number> {
  const { db } = openDatabase(where);
  try {
    const row = await db
      .selectFrom("predictions as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("u.email", "in", [...emails])
      .where("p.match_id", "in", [...matchIds])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

export interface ThroughputFigures {
  perSecond: number;
  errors: number;
}

/**
 * Requests per second with `connections` keep-alive connections asking for `path` one after
 * another for `seconds` (after one second of warm-up).
 */
export async function throughput(
  baseUrl: string,
  path: string,
  { cookie, connections, seconds }: { cookie?: string; connections: number; seconds: number },
): Promise<ThroughputFigures> {
  const clients = Array.from({ length: connections }, () => new BenchClient(baseUrl));
  const run = async (ms: number) => {
    let done = 0;
    let errors = 0;
    const until = performance.now() + ms;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) {
          const res = await client.request("GET", path, { cookie });
          if (res.status === 200) done++;
          else errors++;
        }
      }),
    );
    return { done, errors };
  };
  await run(1_000);
  const { done, errors } = await run(seconds * 1000);
  for (const client of clients) client.close();
  return { perSecond: done / seconds, errors };
}
