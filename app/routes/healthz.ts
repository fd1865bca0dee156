import { isDatabaseReachable } from "#app/data/db.server";
import { getRuntime } from "#app/runtime.server";

/** For load balancers and monitors: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const ok = await isDatabaseReachable(getRuntime().db);
  return Response.json(
    { status: ok ? "ok" : "database unreachable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
