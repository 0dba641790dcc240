import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';

/**
 * Messages a form words itself (the spec's texts), by top-level field: one text for any rule the
 * field breaks, or one per kind of issue (`too_small`, `too_big`, ...).
 */
type FieldMessages = Readonly<
  Record<string, string | Readonly<Partial<Record<string, string>>> | ((issue: Issue) => string | undefined)>
>;

type Issue = z.core.$ZodRawIssue;

function ownMessage(messages: FieldMessages, issue: Issue): string | undefined {
  const field = issue.path?.[0];
  const own = typeof field === 'string' ? messages[field] : undefined;
  if (typeof own === 'function') return own(issue);
  return typeof own === 'string' ? own : own?.[issue.code ?? ''];
}

function count(value: unknown): string {
  return typeof value === 'bigint' ? value.toString() : String(value);
}

/**
 * Plain words for the rules a shared schema states (zod's own messages are written for
 * developers). The field's label stands next to the message, so the message does not repeat it.
 */
function describeIssue(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'This is required.' : `Use at least ${count(issue.minimum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${count(issue.minimum)}.`;
      return `Must be at least ${count(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${count(issue.maximum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${count(issue.maximum)}.`;
      return `Must be at most ${count(issue.maximum)}.`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Enter a valid e-mail address.' : undefined;
    case 'invalid_type':
      return issue.expected === 'number' ? 'Enter a number.' : 'This is required.';
    case 'invalid_value':
      return 'Choose one of the options.';
    default:
      return undefined;
  }
}

/** A zod error map: the form's own message for the field, else the plain words above. */
function formErrorMap(messages: FieldMessages = {}) {
  return (issue: Issue) => {
    return ownMessage(messages, issue) ?? describeIssue(issue);
  };
}

interface ServerFieldError {
  /** The top-level body field ("repeat"). */
  field: string;
  /** The whole path inside the body ("repeat.until"). */
  path: string;
  message: string;
}

/**
 * The fields a 400 VALIDATION_FAILED answer names (DESIGN.md section 7: `details` holds
 * `{path: "body.seats", message}`), as the body field, its whole path and the server's message.
 */
function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!isApiError(error) || error.status !== 400 || !Array.isArray(error.details)) return [];
  const found: ServerFieldError[] = [];
  for (const detail of error.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const [where, field, ...rest] = path.split('.');
    if (where === 'body' && field) found.push({ field, path: [field, ...rest].join('.'), message });
  }
  return found;
}

/** The server's own words for a refusal it answered (4xx), else the form's fallback text. */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}

export type ZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> & {
  /**
   * Shows a failed call: the fields the server names get its message under them, and the form
   * says `message` (FormError). Returns whether any field was named.
   */
  showFailure: (error: unknown, message: string) => boolean;
};

interface ZodFormOptions<TSchema extends z.ZodType<FieldValues, FieldValues>>
  extends Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver' | 'defaultValues'> {
  defaultValues: DefaultValues<z.input<TSchema>>;
  messages?: FieldMessages;
  /**
   * Body fields of the API that the form shows under another name, by top-level field ("notes")
   * or by whole path ("repeat.until"), the whole path first.
   */
  fieldOfBody?: Readonly<Record<string, string>>;
  /**
   * Body fields that are lists of fields in the form as well (a ride's stops): the server's error
   * on `stops.1.time` shows under the form's field of that whole path, not under the list.
   */
  nestedFields?: readonly string[];
  /**
   * The form's words for a message the shared schema or the server wrote for API callers, by the
   * form's top-level field (e.g. "is required" after the field's name).
   */
  wording?: (field: string, message: string) => string;
}

/** Rewrites, in place, every message of a react-hook-form error tree by its top-level field. */
function rewordErrors(errors: FieldErrors, wording: (field: string, message: string) => string): void {
  const visit = (field: string, node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const error = node as Record<string, unknown>;
    if (typeof error.message === 'string') error.message = wording(field, error.message);
    for (const [key, child] of Object.entries(error)) {
      if (key !== 'ref' && key !== 'types' && key !== 'message') visit(field, child);
    }
  };
  for (const [field, node] of Object.entries(errors)) visit(field, node);
}

/**
 * react-hook-form validated by the shared zod schema the server checks the same call with, so
 * every rule shows in the form before anything is sent.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  { messages, fieldOfBody = {}, nestedFields = [], wording, ...options }: ZodFormOptions<TSchema>,
): ZodForm<TSchema> {
  type Values = z.input<TSchema>;
  const checkBySchema = zodResolver(schema, { error: formErrorMap(messages) }) as Resolver<Values, unknown, z.output<TSchema>>;
  const resolver: Resolver<Values, unknown, z.output<TSchema>> = wording
    ? async (...args) => {
        const result = await checkBySchema(...args);
        rewordErrors(result.errors, wording);
        return result;
      }
    : checkBySchema;
  const form = useForm<Values, unknown, z.output<TSchema>>({ ...options, resolver });
  const showFailure = (error: unknown, message: string) => {
    const names = Object.keys(form.getValues() as Record<string, unknown>);
    let named = false;
    for (const { field, path, message: fieldMessage } of serverFieldErrors(error)) {
      const name = fieldOfBody[path] ?? fieldOfBody[field] ?? (nestedFields.includes(field) ? path : field);
      if (!names.includes(name.split('.')[0]!) || form.getFieldState(name as Path<Values>).error) continue;
      form.setError(name as Path<Values>, { type: 'server', message: wording ? wording(name, fieldMessage) : fieldMessage });
      named = true;
    }
    form.setError('root.server', { type: 'server', message });
    return named;
  };
  return Object.assign(form, { showFailure });
}
