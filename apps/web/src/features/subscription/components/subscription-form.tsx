import { TEXTS } from '@carpool/shared/texts';
import { SubscriptionInput } from '@carpool/shared/schemas/subscriptions';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSubscribe } from '../api/subscribe';
import { subscriptionFormClasses, subscriptionInputClasses, subscriptionRowClasses } from './subscription-form-classes';

/** The banner's e-mail form: the form kit (react-hook-form, zod) comes with it, after the first paint. */
export function SubscriptionForm({ onSubscribed }: { onSubscribed: () => void }) {
  const subscribeCall = useSubscribe();
  const form = useZodForm(SubscriptionInput, {
    defaultValues: { email: '' },
    // Spec section 5: an empty address gets the spec's text; a malformed one, the kit's words.
    messages: { email: (issue) => (issue.input === '' ? TEXTS.subscribeEmailRequired : undefined) },
  });

  const onSubmit = async ({ email }: SubscriptionInput) => {
    try {
      await subscribeCall.mutateAsync(email);
    } catch (failure) {
      form.showFailure(failure, TEXTS.subscribeFailed);
      return;
    }
    onSubscribed();
  };

  return (
    <Form form={form} onSubmit={onSubmit} className={subscriptionFormClasses}>
      <div className={subscriptionRowClasses}>
        <Field name="email" label="Email address" hideLabel className="min-w-0 sm:flex-1">
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="you@university.edu"
              className={subscriptionInputClasses}
              {...form.register('email')}
            />
          )}
        </Field>
        <SubmitButton pendingText="Subscribing...">Subscribe</SubmitButton>
      </div>
      <FormError />
    </Form>
  );
}
