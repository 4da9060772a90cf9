import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { useMemo } from 'react';
import type { SpecIssue } from '../../../components/yaml-editor/spec-issue';
import { YamlEditor } from '../../../components/yaml-editor/yaml-editor';
import { completionsAt, type JsonSchemaNode } from './values-completion';

/** CodeMirror completion from a chart's values schema: keys of the mapping being typed, allowed values. */
function schemaCompletion(schema: JsonSchemaNode) {
  return (context: CompletionContext): CompletionResult | null => {
    const answer = completionsAt(context.state.doc.toString(), context.pos, schema);
    if (!answer || answer.options.length === 0) return null;
    if (answer.prefix === '' && !context.explicit) return null;
    return {
      from: answer.from,
      options: answer.options.map((option) => ({
        label: option.label,
        apply: option.apply,
        type: 'property',
        ...(option.detail ? { detail: option.detail } : {}),
        ...(option.info ? { info: option.info } : {}),
      })),
      validFor: /^[\w.-]*$/,
    };
  };
}

/**
 * The chart values editor of the Add Integration wizard: the YAML editor with completion from the
 * chart's JSON schema (typing a key, or Ctrl-Space anywhere) and the server's validation issues marked
 * on their lines.
 */
export function ValuesEditor({
  schema,
  value,
  onChange,
  issues,
}: {
  schema: JsonSchemaNode;
  value: string;
  onChange: (value: string) => void;
  issues: readonly SpecIssue[];
}) {
  const extensions = useMemo(() => [autocompletion({ override: [schemaCompletion(schema)] })], [schema]);
  return <YamlEditor label="Values" value={value} onChange={onChange} issues={issues} extensions={extensions} />;
}
