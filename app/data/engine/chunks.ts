/**
 * Items in groups small enough for one statement: SQLite binds at most 32,766 parameters and
 * PostgreSQL 65,535, and a 200-row group of even a wide row stays well below both.
 */
export function chunked<T>(items: readonly T[], size = 200): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Runs `work` on each group of `items`, one after another (inserts and deletes in one transaction). */
export async function eachChunk<T>(items: readonly T[], work: (chunk: T[]) => Promise<unknown>, size = 200): Promise<void> {
  for (const chunk of chunked(items, size)) await work(chunk);
}
