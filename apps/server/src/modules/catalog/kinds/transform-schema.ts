/**
 * config-db's `transform` of a scraper entry, key by key: `exclude` (JSONPaths, written with or without
 * `$`, optionally for some `types`), `mask` (config-mask.ts), `relationship` (selectors, below) and one
 * script — `expr` (CEL), `gotemplate` or `javascript` — whose list of objects becomes the items
 * (transform-expr.ts), `aliases` (item-aliases.ts) and `changes.exclude` (full mode's changes) are applied; `jsonpath` scripts,
 * `changes.mapping` and `locations` are refused
 * by name, with the reason, when the scraper is saved (docs/catalog.md "ScrapeConfig fields").
 */
import { JSONPath } from 'jsonpath-plus';
import { z } from 'zod';
import { goTemplateProblem, MAX_TEMPLATE_SOURCE } from '../../../platform/go-template/index.js';
import { MAX_WILDCARD_PATTERN_CHARS } from '../../../platform/wildcard-match.js';
import { expressionError } from '../../health/index.js';
import { transformExpressions } from './catalog-traverse.js';
import { maskSchema, rootedPath } from './config-mask.js';
import { aliasRuleSchema } from './item-aliases.js';
import { refusedKey, strictEntry } from './strict-entry.js';

/**
 * A CEL expression, checked to parse; a function this server refuses is named (`catalog.traverse is
 * available only in a scraper's transform.expr …`) rather than called invalid.
 */
export const celSchema = celSchemaOf(expressionError);

/** The script `transform.expr`, which may also call config-db's `catalog.traverse` (catalog-traverse.ts). */
export const transformExprSchema = celSchemaOf((value) => transformExpressions.error(value));

function celSchemaOf(errorOf: (expression: string) => string | null) {
  return z
    .string()
    .min(1, 'is required')
    .superRefine((value, ctx) => {
      const problem = errorOf(value);
      if (problem === null) return;
      const refused = / is (not supported|available only)/.test(problem);
      ctx.addIssue({
        code: 'custom',
        message: refused ? problem.replace(/^invalid expression: /, '') : 'is not a valid CEL expression',
      });
    });
}

/** A JSONPath as config-db writes it (`$.a.b`, `.a.b` or `a.b`), checked to parse. */
export const jsonPathSchema = z
  .string()
  .min(1, 'is required')
  .superRefine((path, ctx) => {
    try {
      JSONPath({ path: rootedPath(path), json: { probe: [{ probe: 'x' }] }, resultType: 'all', wrap: true });
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `is not a valid JSONPath (${(error as Error).message})` });
    }
  });

/**
 * One lookup of a relationship selector: config-db's `{value}` (literal), `{label}` (the item's label)
 * or `{expr}` (CEL over the item), or this server's shorthand, a string (literal, or a JSONPath `$…`
 * over the item's document).
 */
export const lookupSchema = z.union([
  z.string(),
  strictEntry({ expr: celSchema.optional(), value: z.string().optional(), label: z.string().optional() }).refine(
    (lookup) => [lookup.expr, lookup.value, lookup.label].filter((part) => part !== undefined).length === 1,
    { message: 'must have exactly one of value, label or expr' },
  ),
]);
/** A lookup as written. */
export type Lookup = z.infer<typeof lookupSchema>;

const SELECTOR_FIELDS = ['id', 'external_id', 'name', 'namespace', 'type'] as const;
/** The selector fields of a relationship, each matched against the items of the same scrape. */
export type SelectorField = (typeof SELECTOR_FIELDS)[number];

/**
 * A hard relationship by selector (config-db's RelationshipConfig): each item passing `filter` relates
 * to the items of the same scrape the selector (or each selector `expr` returns) names; `parent: true`
 * makes the found item the parent instead. `relation` names the link (this server's addition).
 */
export const relationshipSchema = strictEntry({
  filter: celSchema.optional(),
  expr: celSchema.optional(),
  id: lookupSchema.optional(),
  external_id: lookupSchema.optional(),
  name: lookupSchema.optional(),
  namespace: lookupSchema.optional(),
  type: lookupSchema.optional(),
  labels: z.record(z.string(), z.string()).optional(),
  parent: z.boolean().optional(),
  relation: z.string().optional(),
  scope: refusedKey('scope', 'a relationship is matched among the items of its own scrape'),
  agent: refusedKey('agent', 'a relationship is matched among the items of its own scrape'),
}).refine(
  (rule) => rule.expr !== undefined || rule.labels !== undefined || SELECTOR_FIELDS.some((f) => rule[f] !== undefined),
  { message: 'needs a selector (id, external_id, name, namespace, type, labels) or expr' },
);
/** A validated relationship rule. */
export type RelationshipRule = z.infer<typeof relationshipSchema>;

const exclusionSchema = strictEntry({
  jsonpath: jsonPathSchema,
  types: z.array(z.string().min(1).max(MAX_WILDCARD_PATTERN_CHARS)).optional(),
});

const TEMPLATED_VALUES = 'this server keeps no locations table';

const goTemplateSchema = z
  .string()
  .min(1, 'is required')
  .max(MAX_TEMPLATE_SOURCE)
  .superRefine((source, ctx) => {
    const problem = goTemplateProblem(source);
    if (problem) ctx.addIssue({ code: 'custom', message: `is not a template this server runs: ${problem}` });
  });

/** The `transform` of an entry. */
export const transformSchema = strictEntry({
  exclude: z.array(exclusionSchema).optional(),
  mask: z.array(maskSchema).optional(),
  relationship: z.array(relationshipSchema).optional(),
  expr: transformExprSchema.optional(),
  gotemplate: goTemplateSchema.optional(),
  javascript: z.string().min(1, 'is required').max(MAX_TEMPLATE_SOURCE).optional(),
  jsonpath: refusedKey('jsonpath', 'a JSONPath script is not run; use items (a JSONPath) or expr (CEL)'),
  changes: strictEntry({
    exclude: z.array(celSchema).optional(),
    mapping: refusedKey('mapping', 'changes keep the type, severity and item the source gave them'),
  }).optional(),
  locations: refusedKey('locations', TEMPLATED_VALUES),
  aliases: z.array(aliasRuleSchema).optional(),
});
/** A validated transform. */
export type Transform = z.infer<typeof transformSchema>;

/** A transform with at most one script language, as config-db runs one. */
export const oneScriptTransformSchema = transformSchema.refine(
  (transform) => [transform.expr, transform.gotemplate, transform.javascript].filter(Boolean).length <= 1,
  { message: 'at most one of expr, gotemplate and javascript' },
);
