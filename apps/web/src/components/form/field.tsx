import { useId, type ReactNode } from 'react';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import { fieldErrorClasses, hintClasses, labelClasses } from './form-classes';

/** What a control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The form field whose error shows here. */
  name: string;
  label: ReactNode;
  /** "(optional)" after the label. */
  optional?: boolean;
  /** Shown under the control and read with it (aria-describedby). */
  hint?: ReactNode;
  /** Visually hidden label (the control's placeholder or context says what it is). */
  hideLabel?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

function errorMessageOf(errors: FieldValues, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Label, control, hint and error of one field, wired by id: the control is described by the hint
 * and the error, and is aria-invalid while the error shows. Inside a `Form`.
 */
export function Field({ name, label, optional = false, hint, hideLabel = false, className, children }: FieldProps) {
  const id = useId();
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = errorMessageOf(errors, name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : labelClasses}>
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">(optional)</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <div id={hintId} className={hintClasses}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The error of a field whose control is not a single element (a star rating's radio group). */
export function FieldMessage({ name, id }: { name: string; id?: string }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = errorMessageOf(errors, name);
  return error ? (
    <p id={id} className={fieldErrorClasses}>
      {error}
    </p>
  ) : null;
}
