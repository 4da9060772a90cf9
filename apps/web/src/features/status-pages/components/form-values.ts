import {
  type CreateStatusPage,
  createStatusPageSchema,
  type StatusPage,
  type StatusPageSelector,
  type StatusPageVisibility,
} from '@mc/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The editor's fields as typed: selectors as comma-separated text, labels as `key=value` pairs. */
export interface StatusPageFormValues {
  title: string;
  slug: string;
  description: string;
  logo_url: string;
  visibility: StatusPageVisibility;
  componentNames: string;
  componentTypes: string;
  componentLabels: string;
  checkNames: string;
  checkTypes: string;
  checkLabels: string;
}

const list = (text: string) =>
  text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

function labels(text: string): Record<string, string> {
  const pairs = list(text).map((pair) => {
    const at = pair.indexOf('=');
    return at < 0 ? [pair, ''] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
  });
  return Object.fromEntries(pairs);
}

const selector = (names: string, types: string, labelText: string): StatusPageSelector => ({
  names: list(names),
  types: list(types),
  labels: labels(labelText),
});

const text = (s: StatusPageSelector) => ({
  names: s.names.join(', '),
  types: s.types.join(', '),
  labels: Object.entries(s.labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(', '),
});

/** The body the API takes, from the fields. */
export function toBody(values: StatusPageFormValues): CreateStatusPage {
  return {
    title: values.title,
    slug: values.slug,
    description: values.description,
    logo_url: values.logo_url.trim() || null,
    visibility: values.visibility,
    components: selector(values.componentNames, values.componentTypes, values.componentLabels),
    checks: selector(values.checkNames, values.checkTypes, values.checkLabels),
  };
}

/** The fields of a saved page, or of a new one. */
export function toValues(page?: StatusPage): StatusPageFormValues {
  const components = text(page?.components ?? { names: [], types: [], labels: {} });
  const checks = text(page?.checks ?? { names: [], types: [], labels: {} });
  return {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    description: page?.description ?? '',
    logo_url: page?.logo_url ?? '',
    visibility: page?.visibility ?? 'public',
    componentNames: components.names,
    componentTypes: components.types,
    componentLabels: components.labels,
    checkNames: checks.names,
    checkTypes: checks.types,
    checkLabels: checks.labels,
  };
}

const FIELD_OF: Record<string, keyof StatusPageFormValues> = {
  components: 'componentNames',
  checks: 'checkNames',
};

/** Validates with the contract's schema, the one the server applies; a problem shows under its field. */
export const statusPageResolver: Resolver<StatusPageFormValues> = async (values) => {
  const parsed = createStatusPageSchema.safeParse(toBody(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const head = String(issue.path[0] ?? 'title');
    const key = FIELD_OF[head] ?? head;
    errors[key] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<StatusPageFormValues> }; // keyed by the form's field names
};
