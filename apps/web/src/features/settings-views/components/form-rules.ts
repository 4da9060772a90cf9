import { FIELD_NOT_A_NUMBER, FIELD_REQUIRED } from '@mc/contracts';
import type { FieldKind } from './resource-model';

/**
 * The generic form rules of 001 §5: a required field that is empty says 'This field is required'; a
 * number field also says 'This field must be a number' when its text is not a number.
 */
export function fieldError(kind: FieldKind, required: boolean, value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (!text) return required ? FIELD_REQUIRED : undefined;
  if (kind === 'number' && !Number.isFinite(Number(text))) return FIELD_NOT_A_NUMBER;
  return undefined;
}

/** The same rule as a react-hook-form `validate` function. */
export function fieldRule(kind: FieldKind, required: boolean) {
  return (value: string | undefined) => fieldError(kind, required, value) ?? true;
}
