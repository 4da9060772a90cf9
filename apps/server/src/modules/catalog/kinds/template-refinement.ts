/**
 * The one save-time check of a catalog template field (aliases, properties): `$( )` delimiters are refused
 * by name, and a template the Go-template engine would not run is refused with its reason.
 */
import type { z } from 'zod';
import { goTemplateProblem } from '../../../platform/go-template/index.js';

/** A zod `superRefine` for a template string. */
export function refineCatalogTemplate(source: string, ctx: z.RefinementCtx): void {
  if (source.includes('$(')) {
    ctx.addIssue({ code: 'custom', message: 'the $( ) delimiters are not supported by this server; write {{ }}' });
    return;
  }
  const problem = goTemplateProblem(source);
  if (problem) ctx.addIssue({ code: 'custom', message: `is not a template this server runs: ${problem}` });
}
