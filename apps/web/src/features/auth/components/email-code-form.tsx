import { SIGN_IN_TEXTS } from '@carpool/shared/sign-in';
import { EmailCodeRequestInput, EmailCodeVerifyInput } from '@carpool/shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { serverMessage, useZodForm } from '../../../components/form/use-zod-form';
import { useSession } from '../../../lib/session';
import { requestEmailCode } from '../api/request-email-code';
import { verifyEmailCode } from '../api/verify-email-code';

const CodeInput = EmailCodeVerifyInput.pick({ code: true });

interface EmailCodeFormProps {
  requireTerms: () => boolean;
  onSignedIn: () => void;
}

/** Step one: the university address. The answer is the same whether it may sign in or not. */
function AddressStep({ requireTerms, onSent }: { requireTerms: () => boolean; onSent: (email: string) => void }) {
  const form = useZodForm(EmailCodeRequestInput, { defaultValues: { email: '' } });
  const onSubmit = async ({ email }: EmailCodeRequestInput) => {
    if (!requireTerms()) return;
    try {
      await requestEmailCode({ email });
      onSent(email.trim().toLowerCase());
    } catch (error) {
      form.showFailure(error, serverMessage(error, SIGN_IN_TEXTS.codeFailed));
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-3" aria-label={SIGN_IN_TEXTS.emailCodeHeading}>
      <Field name="email" label={SIGN_IN_TEXTS.emailLabel}>
        {(control) => <input {...control} {...form.register('email')} type="email" autoComplete="email" inputMode="email" placeholder="you@university.edu" className={controlClasses} />}
      </Field>
      <FormError />
      <SubmitButton pendingText={SIGN_IN_TEXTS.sendingCode} variant="secondary" size="lg" className="w-full">
        {SIGN_IN_TEXTS.sendCode}
      </SubmitButton>
    </Form>
  );
}

/** Step two: the 6 digits from the e-mail. */
function CodeStep({ email, onSignedIn, onRestart }: { email: string; onSignedIn: () => void; onRestart: () => void }) {
  const { signIn } = useSession();
  const form = useZodForm(CodeInput, { defaultValues: { code: '' }, messages: { code: 'Enter the 6 digits of the e-mail.' } });
  const [notice, setNotice] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...codeField } = form.register('code');

  // The person's next move is typing the code: the focus goes there when the step appears.
  useEffect(() => codeRef.current?.focus(), []);

  const onSubmit = async ({ code }: { code: string }) => {
    try {
      const user = await verifyEmailCode({ email, code });
      if (!user) {
        form.showFailure(null, SIGN_IN_TEXTS.codeFailed);
        return;
      }
      signIn(user);
      onSignedIn();
    } catch (error) {
      form.showFailure(error, serverMessage(error, SIGN_IN_TEXTS.codeFailed));
    }
  };

  const sendAgain = async () => {
    setNotice(null);
    try {
      await requestEmailCode({ email });
      form.reset({ code: '' });
      setNotice(SIGN_IN_TEXTS.newCodeSent);
      codeRef.current?.focus();
    } catch (error) {
      form.showFailure(error, serverMessage(error, SIGN_IN_TEXTS.codeFailed));
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-3" aria-label={SIGN_IN_TEXTS.emailCodeHeading}>
      <p className="text-sm text-slate-700 dark:text-slate-200">{SIGN_IN_TEXTS.codeSentTo(email)}</p>
      <Field name="code" label={SIGN_IN_TEXTS.codeLabel}>
        {(control) => (
          <input
            {...control}
            {...codeField}
            ref={(element) => {
              registerRef(element);
              codeRef.current = element;
            }}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={`${controlClasses} text-center font-mono text-lg tracking-[0.4em] sm:text-lg`}
          />
        )}
      </Field>
      <FormError />
      {notice ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
          {notice}
        </p>
      ) : null}
      <SubmitButton pendingText={SIGN_IN_TEXTS.verifyingCode} size="lg" className="w-full">
        {SIGN_IN_TEXTS.verifyCode}
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" onClick={onRestart} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {SIGN_IN_TEXTS.useAnotherAddress}
        </button>
        <button type="button" onClick={() => void sendAgain()} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {SIGN_IN_TEXTS.sendNewCode}
        </button>
      </div>
    </Form>
  );
}

/** "Email me a code": the address, then the code from the e-mail; the session as with Google. */
export function EmailCodeForm({ requireTerms, onSignedIn }: EmailCodeFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? (
    <CodeStep email={sentTo} onSignedIn={onSignedIn} onRestart={() => setSentTo(null)} />
  ) : (
    <AddressStep requireTerms={requireTerms} onSent={setSentTo} />
  );
}
