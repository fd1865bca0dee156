import { z } from "zod";

/** Database ids in URLs: positive 32-bit integers (PostgreSQL's integer), else none. */
const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export function parseId(value: string | null | undefined): number | undefined {
  const parsed = IdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
