/**
 * Reads the total from a PostgREST Content-Range header: `0-24/3573` → 3573, `*\/0` → 0.
 * An unknown total (`0-24/*`) or a missing header gives undefined.
 */
export function totalFromContentRange(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const match = /\/(\d+)\s*$/.exec(header);
  if (!match?.[1]) return undefined;
  return Number.parseInt(match[1], 10);
}
