/**
 * Templates a check's URL as canary-checker does (duty's struct templater): Go template actions between
 * `{{ }}` or `$( )`, over named values (the check's `env`, `username`, `password`, `domain`), each value
 * also callable by its bare name, so `$(.url)`, `$(url)` and `{{ .url }}` read the same value.
 */
import { CheckConfigError } from '../../../platform/check-config-error.js';
import { type FunctionTable, GoTemplateError, renderGoTemplate } from '../../../platform/go-template/index.js';

/** Rewrites each `$( … )` (parentheses balanced, as Go's lexer reads an action) to `{{ … }}`. */
function dollarToBraces(text: string): string {
  let out = '';
  let at = 0;
  for (let open = text.indexOf('$(', at); open >= 0; open = text.indexOf('$(', at)) {
    let depth = 1;
    let end = open + 2;
    while (end < text.length && depth > 0) {
      if (text[end] === '(') depth += 1;
      else if (text[end] === ')') depth -= 1;
      end += 1;
    }
    if (depth > 0) throw new CheckConfigError('url: unclosed $( in template');
    out += `${text.slice(at, open)}{{${text.slice(open + 2, end - 1)}}}`;
    at = end;
  }
  return out + text.slice(at);
}

/** The URL with its templates filled in; a URL without `{{` or `$(` comes back as it is. */
export function renderUrlTemplate(url: string, values: Record<string, string>): string {
  if (!url.includes('{{') && !url.includes('$(')) return url;
  const functions: FunctionTable = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, () => value]),
  );
  try {
    return renderGoTemplate(dollarToBraces(url), values, { functions });
  } catch (error) {
    if (error instanceof GoTemplateError) throw new CheckConfigError(`url: ${error.message}`);
    throw error;
  }
}
