import { AVATAR_COLORS } from "#app/domain/avatar-colors";

export { AVATAR_COLORS, type AvatarColor } from "#app/domain/avatar-colors";

/** Mantine has no "purple"; its grape is the closest hue. */
export function mantineAvatarColor(color: string): string {
  return color === "purple" ? "grape" : AVATAR_COLORS.some((c) => c.value === color) ? color : "blue";
}

/**
 * Up to two initials: the first letter (or digit) of the first and last words that have one, so
 * a nickname like '🦅 Águila Real' gives 'ÁR'; '?' when there is none.
 */
export function initials(name: string): string {
  const firsts = name
    .trim()
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((letter) => letter !== undefined);
  if (firsts.length === 0) return "?";
  const picked = firsts.length > 1 ? [firsts[0], firsts[firsts.length - 1]] : [firsts[0]];
  return picked.join("").toUpperCase();
}
