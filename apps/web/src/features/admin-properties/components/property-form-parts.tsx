import { type ReactNode } from 'react';
import { type PathValue, type UseFormReturn } from 'react-hook-form';
import { type PropertyFormOutput, type PropertyFormValues } from '../utils/property-form';

/** A label marked required: '*' on screen, '(required)' for screen readers. */
export function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}{' '}
      <span aria-hidden className="text-danger">
        *
      </span>
      <span className="sr-only">(required)</span>
    </>
  );
}

/** A problem with a field that has no Field of its own (a list editor), as the server named it. */
export function FieldProblem({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 text-xs text-danger">
      {message}
    </p>
  );
}

/** The form of a property, as each tab reads and fills it. */
export type PropertyFormApi = UseFormReturn<PropertyFormValues, unknown, PropertyFormOutput>;

/** Sets a field as the user would: marked dirty, validated again once the form was submitted. */
export type SetField = <K extends keyof PropertyFormValues>(
  name: K,
  value: PathValue<PropertyFormValues, K>,
) => void;
