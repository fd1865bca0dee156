import { Outlet } from "react-router";
import { requireAdmin } from "#app/auth/guards.server";
import type { Route } from "./+types/layout";

/**
 * Guards every admin loader and action (document and .data requests alike) before any of
 * them runs: anonymous → /login, non-admin → 403 'No tienes acceso a esta página'.
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args) => {
    requireAdmin(args);
  },
];

export default function AdminLayout() {
  return <Outlet />;
}
