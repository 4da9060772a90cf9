import { useId, useState } from 'react';

/**
 * A field's validation message under it, announced when it appears; the field points at it with
 * `aria-describedby={id}` so a screen reader reads why the form did nothing (issue 12 §5).
 */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  return message ? (
    <p id={id} role="alert" className="text-xs text-status-unhealthy">
      {message}
    </p>
  ) : null;
}

/**
 * The problem of one field of a small form: `check` stores what is wrong (or nothing) and tells the
 * submit handler whether to go on, `fieldProps` mark the field invalid and point at the message, and
 * `clear` is for the field's onChange, so the message goes once the user types.
 */
export function useFieldProblem() {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return {
    problem,
    id,
    check: (found: string | null): boolean => {
      setProblem(found);
      return found === null;
    },
    clear: () => setProblem(null),
    fieldProps: { 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? id : undefined },
  };
}
