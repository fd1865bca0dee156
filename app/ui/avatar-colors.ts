/** The six avatar background colours of the original (shade 500), default blue. */
export const AVATAR_COLORS = [
  { value: "blue", label: "Azul" },
  { value: "green", label: "Verde" },
  { value: "red", label: "Rojo" },
  { value: "purple", label: "Morado" },
  { value: "orange", label: "Naranja" },
  { value: "pink", label: "Rosa" },
] as const;

export type AvatarColor = (typeof AVATAR_COLORS)[number]["value"];

/** Mantine has no "purple"; its grape is the closest hue. */
export function mantineAvatarColor(color: string): string {
  return color === "purple" ? "grape" : AVATAR_COLORS.some((c) => c.value === color) ? color : "blue";
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0] ?? "?"];
  return letters.map((word) => Array.from(word ?? "?")[0]?.toUpperCase() ?? "").join("");
}
