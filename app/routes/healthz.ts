import { isDatabaseReachable } from "#app/data/engine/db.server";
import { servicesOf } from "#app/http/context";

import type { Route } from "./+types/healthz";

/**
 * A health check answers promptly whatever the database does. Without a limit, a frozen or
 * unreachable server would keep it waiting (up to the connection timeout, or for ever on a pooled
 * connection that stopped answering), and a monitor that gets no answer learns nothing.
 */
const HEALTH_TIMEOUT_MS = 2_000;

/** For load balancers and monitors: 200 when the database answers within 2 s, 503 otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const ok = await isDatabaseReachable(servicesOf(context).db, HEALTH_TIMEOUT_MS);
  return Response.json(
    { status: ok ? "ok" : "database unreachable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
