import { z } from "zod";

import { parseId } from "./input";

/**
 * An invite link's path, /quiniela/:id/unirse?codigo=… (SPEC §4): made for the owner, read back
 * where a signed-out invitee's way to /login or /register carries it (their `redirectTo`).
 */

/** The secret part of an invite link (invites.server.ts newInviteCode): URL-safe text. */
export const inviteCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

export function invitePath(poolId: number, code: string): string {
  return `/quiniela/${poolId}/unirse?${new URLSearchParams({ codigo: code })}`;
}

const INVITE_PATHNAME = /^\/quiniela\/(\d{1,10})\/unirse$/;

/**
 * The pool and code an invite link's path names; undefined for any other path, or a code that
 * cannot be one (whether the code is the pool's is for the database to say).
 */
export function parseInvitePath(path: string): { poolId: number; code: string } | undefined {
  let url: URL;
  try {
    url = new URL(path, "http://quiniela.invalid");
  } catch {
    return undefined;
  }
  if (url.origin !== "http://quiniela.invalid") return undefined;
  const poolId = parseId(INVITE_PATHNAME.exec(url.pathname)?.[1]);
  const code = inviteCode.safeParse(url.searchParams.get("codigo") ?? "");
  return poolId === undefined || !code.success ? undefined : { poolId, code: code.data };
}
