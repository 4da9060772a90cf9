/**
 * A lookup's `display`, as canary-checker runs it on a lookup's check result: `javascript` (the script
 * sandbox), else `template` (Go text/template), else `expr` (CEL), over the check's variables. Upstream
 * keeps the display's text as the check's message and reads it as JSON where JSON is expected, so a text
 * that parses as JSON is answered as that value (`[…].toJSON()` is a list of components or properties)
 * and any other text as itself (`'"value"'` is the plain value `value`).
 */
import type { LookupDisplay } from '@mc/contracts';
import { GoTemplateError, goTemplateProblem, renderGoTemplate } from '../../../platform/go-template/index.js';
import { runScript, ScriptError } from '../../../platform/script-sandbox/index.js';
import { ExpressionError, evaluateExpression, expressionError } from '../../health/index.js';
import { LookupError } from './lookup-rows.js';

/** A display's text read as JSON when it is JSON (an object, list, string, number or boolean), else as itself. */
export function displayValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return trimmed;
  }
}

/**
 * The text of a template block (an `id`): the script's or template's output, or CEL's value as text;
 * a failure is a {@link LookupError} naming `where`.
 */
export async function templateText(
  block: LookupDisplay,
  variables: Record<string, unknown>,
  where: string,
): Promise<string> {
  const value = await evaluateDisplay(block, variables, where);
  if (value === null || value === undefined) return '';
  return (typeof value === 'object' ? JSON.stringify(value) : String(value)).trim();
}

/** Evaluates a display over `variables`; a failure is a {@link LookupError} naming `where` and the language. */
export async function evaluateDisplay(
  display: LookupDisplay,
  variables: Record<string, unknown>,
  where: string,
): Promise<unknown> {
  const language = display.javascript ? 'javascript' : display.template ? 'template' : 'expr';
  try {
    if (display.javascript) return displayValue((await runScript(display.javascript, variables)).text);
    if (display.template) return displayValue(renderGoTemplate(display.template, variables));
    const value = evaluateExpression(display.expr ?? '', variables);
    return typeof value === 'string' ? displayValue(value) : value;
  } catch (error) {
    if (error instanceof GoTemplateError || error instanceof ScriptError || error instanceof ExpressionError) {
      throw new LookupError(`${where}: display.${language}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * The first problem of a display (or an `id`: `field`) that would stop it running (a CEL or template
 * syntax error), for saves.
 */
export function displayProblem(display: LookupDisplay, field = 'display'): string | undefined {
  if (display.javascript) return undefined;
  if (display.template) {
    const problem = goTemplateProblem(display.template);
    return problem ? `${field}.template: ${problem}` : undefined;
  }
  const problem = display.expr ? expressionError(display.expr) : null;
  return problem ? `${field}.expr: ${problem}` : undefined;
}
