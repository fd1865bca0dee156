/**
 * Phase names. The season stores the 23 phases by name ('Jornada 1' … 'Final Vuelta'); older
 * data used a bare round number or 'Quarters', 'Semifinals', 'Final', which map as the original did.
 */
const LEGACY_LABELS: Record<string, string> = {
  Quarters: "Cuartos de Final",
  Semifinals: "Semifinales",
  Final: "Final",
};

export function phaseLabel(value: string | number): string {
  const text = String(value).trim();
  const legacy = LEGACY_LABELS[text];
  if (legacy) return legacy;
  if (/^\d+$/.test(text)) return `Jornada ${Number(text)}`;
  return text;
}

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** Knockout rounds (Cuartos, Semifinal, Final, in any case or accent, legacy names included). */
export function isKnockoutPhase(name: string): boolean {
  const folded = fold(name);
  return ["cuartos", "quarters", "semifinal", "final"].some((word) => folded.includes(word));
}

/** Which leg a knockout phase holds, from its name: 'Cuartos Ida' → first, 'Final Vuelta' → second. */
export function legOfPhase(name: string): "first" | "second" | null {
  const folded = fold(name);
  if (!isKnockoutPhase(name)) return null;
  if (/\bida\b/.test(folded)) return "first";
  if (/\bvuelta\b/.test(folded)) return "second";
  return null;
}

/**
 * A knockout match played once, which may go to extra time and penalties: 'Dieciseisavos de
 * Final', 'Octavos', 'Cuartos de Final', 'Semifinales', 'Tercer Lugar', 'Final' of a World Cup,
 * a Liga MX 'Play-In'. Not a leg of a two-legged tie ('Cuartos Ida', 'Final Vuelta').
 */
export function allowsExtraTime(name: string): boolean {
  const folded = fold(name);
  const knockout =
    isKnockoutPhase(name) ||
    ["dieciseisavos", "octavos", "tercer", "play-in", "play in"].some((word) => folded.includes(word));
  return knockout && legOfPhase(name) === null;
}
