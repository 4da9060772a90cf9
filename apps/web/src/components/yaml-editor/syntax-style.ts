import { HighlightStyle, type TagStyle } from '@codemirror/language';
import { tags } from '@lezer/highlight';

/**
 * The editor's syntax colours, each a design token (index.css, both themes), so keys, strings and the
 * rest keep 4.5:1 on the editor's backgrounds in the light and the dark theme — CodeMirror's default
 * style drew keys at 1.58:1 on the dark surface (issue 30). The contrast test reads this list.
 */
export const SYNTAX_TAG_STYLES: readonly TagStyle[] = [
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'var(--color-syntax-key)' },
  { tag: [tags.string, tags.special(tags.string), tags.character], color: 'var(--color-syntax-string)' },
  { tag: [tags.number, tags.integer, tags.float], color: 'var(--color-syntax-number)' },
  { tag: [tags.bool, tags.null, tags.atom, tags.keyword], color: 'var(--color-syntax-keyword)' },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment],
    color: 'var(--color-syntax-comment)',
    fontStyle: 'italic',
  },
  {
    tag: [tags.meta, tags.typeName, tags.labelName, tags.processingInstruction, tags.variableName],
    color: 'var(--color-syntax-meta)',
  },
  { tag: [tags.punctuation, tags.separator, tags.squareBracket, tags.brace], color: 'var(--color-fg-muted)' },
  { tag: tags.invalid, color: 'var(--color-status-unhealthy)' },
];

/** The highlight style the YAML/JSON editor uses in place of CodeMirror's default. */
export const syntaxStyle = HighlightStyle.define([...SYNTAX_TAG_STYLES]);
