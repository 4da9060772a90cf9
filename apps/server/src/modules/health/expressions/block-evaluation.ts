/**
 * Evaluates one `test`, `display` or `transform` block whichever language it is written in, in
 * canary-checker's order of precedence (gomplate's RunTemplate): `javascript`, then `template` (Go
 * text/template with gomplate's functions), then `expr` (CEL). A JavaScript or template block yields
 * text, as upstream: a test's text is read as Go's strconv.ParseBool reads it, a transform's is JSON the
 * caller decodes, a template's output is trimmed. Failures (syntax, unknown function, thrown error, a
 * limit reached) become {@link ExpressionError}s, which fail the check with their message.
 */
import type { CheckTemplate } from '@mc/contracts';
import { type FunctionTable, GoTemplateError, renderGoTemplate } from '../../../platform/go-template/index.js';
import { runScript, ScriptError } from '../../../platform/script-sandbox/index.js';
import { type CheckExpressionOptions, ExpressionError, evaluateExpression } from './cel.js';

/** Which block is evaluated; a test's text becomes a boolean when it reads as one. */
export type BlockRole = 'test' | 'display' | 'transform';

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** The source of the block's language that runs (for messages), or undefined for an empty block. */
export function blockSource(block: CheckTemplate | undefined): string | undefined {
  return block?.javascript || block?.template || block?.expr || undefined;
}

function asRole(text: string, role: BlockRole): unknown {
  if (role !== 'test') return text;
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return text;
}

/**
 * The block's value over `variables`: CEL's value, or the text of a script or template (a test's as a
 * boolean when it reads as one). `functions` are added to templates (e.g. `last_result`).
 */
export async function evaluateBlock(
  block: CheckTemplate,
  role: BlockRole,
  variables: Record<string, unknown>,
  functions: FunctionTable = {},
  check?: CheckExpressionOptions,
): Promise<unknown> {
  try {
    if (block.javascript) {
      const { text } = await runScript(block.javascript, variables);
      return asRole(text.trim(), role);
    }
    if (block.template) {
      return asRole(renderGoTemplate(block.template, variables, { functions }).trim(), role);
    }
    return block.expr ? evaluateExpression(block.expr, variables, check) : undefined;
  } catch (error) {
    if (error instanceof GoTemplateError || error instanceof ScriptError) {
      const language = block.javascript ? 'javascript' : 'template';
      throw new ExpressionError(`${role}.${language}: ${error.message}`);
    }
    throw error;
  }
}
