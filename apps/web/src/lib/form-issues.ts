import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, type ApiIssue } from './api-client';

/** The form field an issue's path names: the whole path ('rules.0.minNights') or its first segment. */
function fieldOf<T extends FieldValues>(
  issue: ApiIssue,
  fields: ReadonlyArray<FieldPath<T>>,
): FieldPath<T> | null {
  const whole = issue.path.join('.');
  const first = String(issue.path[0] ?? '');
  if ((fields as readonly string[]).includes(whole)) return whole as FieldPath<T>;
  if ((fields as readonly string[]).includes(first)) return first as FieldPath<T>;
  return null;
}

/**
 * Puts the server's refusal (a 400's `issues[]`) under the form's own fields, each field its first
 * issue, the first one focused. Answers whether any landed: when none did (the issue concerns no
 * field of this form, or the failure was not a refusal of input), the caller says it another way
 * (a toast with the message).
 */
export function applyServerIssues<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<FieldPath<T>>,
): boolean {
  if (!(err instanceof ApiError) || !err.issues?.length) return false;
  const placed = new Set<string>();
  for (const issue of err.issues) {
    const field = fieldOf(issue, fields);
    if (!field || placed.has(field)) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: placed.size === 0 });
    placed.add(field);
  }
  return placed.size > 0;
}
