/** The content codings the server sends, in its order of preference (brotli is smaller at equal cost). */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;

/** A content coding the server can send; `undefined` stands for identity (no coding). */
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** Longest Accept-Encoding header read; browsers send ~30 characters, anything past this is ignored. */
const MAX_HEADER_LENGTH = 1024;

function qualities(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.slice(0, MAX_HEADER_LENGTH).split(',')) {
    const [rawName = '', ...parameters] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split('=');
      if (key?.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value?.trim());
      q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  return weights;
}

/**
 * Picks the coding to answer with from what the client accepts (RFC 9110 §12.5.3, q-values honoured,
 * `*` covering codings not named, `q=0` refusing one) among `available`: the highest q wins, a tie
 * goes to the server's order (br before gzip). No header, or nothing acceptable, means identity —
 * identity is always sent rather than a 406, as browsers and proxies expect.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly ContentCoding[] = CONTENT_CODINGS,
): ContentCoding | undefined {
  if (!header) return undefined;
  const weights = qualities(header);
  const wildcard = weights.get('*') ?? 0;
  let best: ContentCoding | undefined;
  let bestQ = 0;
  for (const coding of CONTENT_CODINGS) {
    if (!available.includes(coding)) continue;
    const q = weights.get(coding) ?? wildcard;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds `Accept-Encoding` to a response's Vary header, keeping what is already listed. */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}
