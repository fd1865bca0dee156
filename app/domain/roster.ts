import { z } from "zod";

import { hasControlCharacters } from "#app/domain/forms/input";

/**
 * The pasted roster: one 'correo, apodo' a line (apodo optional, emoji welcome). Blank lines are
 * skipped; a repeated e-mail keeps its first line.
 */
export type RosterParse =
  { ok: true; entries: { email: string; nickname: string | null }[] } | { ok: false; message: string };

const email = z.email();

export function parseRoster(text: string): RosterParse {
  const entries = new Map<string, string | null>();
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const comma = line.indexOf(",");
    const address = (comma === -1 ? line : line.slice(0, comma)).trim().toLowerCase();
    const nickname = comma === -1 ? "" : line.slice(comma + 1).trim();
    if (!email.safeParse(address).success) {
      return { ok: false, message: `Línea ${index + 1}: «${address}» no es un correo electrónico válido` };
    }
    if (hasControlCharacters(nickname)) {
      return { ok: false, message: `Línea ${index + 1}: el apodo contiene caracteres no permitidos` };
    }
    if (nickname.length > 40) return { ok: false, message: `Línea ${index + 1}: el apodo es demasiado largo` };
    if (!entries.has(address)) entries.set(address, nickname || null);
  }
  return { ok: true, entries: [...entries].map(([address, nickname]) => ({ email: address, nickname })) };
}

export function formatRoster(entries: readonly { email: string; nickname: string | null }[]): string {
  return entries.map((entry) => (entry.nickname ? `${entry.email}, ${entry.nickname}` : entry.email)).join("\n");
}
