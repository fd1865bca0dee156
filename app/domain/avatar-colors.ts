/** The six avatar background colours of the original (shade 500), default blue: what a profile may choose. */
export const AVATAR_COLORS = [
  { value: "blue", label: "Azul" },
  { value: "green", label: "Verde" },
  { value: "red", label: "Rojo" },
  { value: "purple", label: "Morado" },
  { value: "orange", label: "Naranja" },
  { value: "pink", label: "Rosa" },
] as const;

export type AvatarColor = (typeof AVATAR_COLORS)[number]["value"];
