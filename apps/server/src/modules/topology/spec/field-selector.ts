/**
 * A component selector's `fieldSelector` (upstream's Kubernetes-style `field=value,field!=value`),
 * limited to the component columns we can compare.
 */

/** One term of a field selector. */
export interface FieldTerm {
  field: string;
  value: string;
  negate: boolean;
}

/** Parses `a=b,c!=d` (`==` accepted); an unknown field or a term without an operator is an error. */
export function parseFieldSelector(
  text: string | undefined,
  fields: readonly string[],
): { terms: FieldTerm[]; error?: string } {
  const terms: FieldTerm[] = [];
  for (const part of (text ?? '').split(',')) {
    const term = part.trim();
    if (!term) continue;
    const match = /^([A-Za-z_]+)\s*(!=|==|=)\s*(.*)$/.exec(term);
    if (!match) return { terms, error: `'${term}' is not field=value or field!=value` };
    const [, field = '', operator, value = ''] = match;
    if (!fields.includes(field)) {
      return { terms, error: `field '${field}' is not supported by this server (use ${fields.join(', ')})` };
    }
    terms.push({ field, value: value.trim(), negate: operator === '!=' });
  }
  return { terms };
}
