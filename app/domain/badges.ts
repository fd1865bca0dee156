/**
 * Generated team badges: the club's short code on its colours, in a shield. We ship no club
 * trademarks (SPEC §2.8); an admin may still set a logo URL per team.
 */
export interface BadgeColors {
  short: string;
  primary: string;
  secondary: string;
}

export const NEUTRAL_BADGE: BadgeColors = { short: "?", primary: "#868E96", secondary: "#F1F3F5" };

function luminance(hex: string): number {
  const value = hex.replace("#", "");
  const channels = [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The secondary colour when it reads well on the primary, else black or white. */
export function badgeTextColor(primary: string, secondary: string): string {
  if (contrast(primary, secondary) >= 3) return secondary;
  return contrast(primary, "#FFFFFF") >= contrast(primary, "#111111") ? "#FFFFFF" : "#111111";
}

const HEX = /^#[0-9a-fA-F]{6}$/;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function badgeSvg({ short, primary, secondary }: BadgeColors): string {
  const fill = HEX.test(primary) ? primary : NEUTRAL_BADGE.primary;
  const trim = HEX.test(secondary) ? secondary : NEUTRAL_BADGE.secondary;
  const text = badgeTextColor(fill, trim);
  const label = escapeXml(short.slice(0, 3).toUpperCase());
  const size = label.length > 2 ? 19 : 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${label}">
<path d="M32 3 L57 11 V31 C57 46 46 56 32 61 C18 56 7 46 7 31 V11 Z" fill="${fill}" stroke="${trim}" stroke-width="3.5" stroke-linejoin="round"/>
<text x="32" y="35" text-anchor="middle" dominant-baseline="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${text}">${label}</text>
</svg>`;
}
