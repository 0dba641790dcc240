import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

interface FormProps<TInput extends FieldValues, TOutput extends FieldValues>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Called with the schema's output once every rule holds; awaited, so the button shows pending. */
  onSubmit: SubmitHandler<TOutput>;
  children: ReactNode;
}

/**
 * A `<form>` for a useZodForm: the browser's own bubbles are off (noValidate) because the shared
 * schema's messages show under each field instead.
 */
export function Form<TInput extends FieldValues, TOutput extends FieldValues>({ form, onSubmit, children, ...props }: FormProps<TInput, TOutput>) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}
