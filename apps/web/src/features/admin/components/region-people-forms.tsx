import type { AdminRegion } from '@carpool/shared/schemas/regions';
import { useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { serverMessage, useZodForm } from '../../../components/form/use-zod-form';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useSetRegionColleges, useSetRegionModerators } from '../api/regions-admin-api';
import { CollegesForm, collegesFormValuesOf, ModeratorsForm } from '../utils/region-forms';
import { inputClasses, mutedClasses } from './admin-classes';

const FAILED = 'Something went wrong. Please try again.';

/**
 * The region's colleges (the school badge and the search's college filter), replaced whole. A
 * college's slug is the app's across regions: the server refuses one another region has.
 */
export function RegionCollegesForm({ region }: { region: AdminRegion }) {
  const save = useSetRegionColleges();
  const { showToast } = useToast();
  const form = useZodForm(CollegesForm, {
    defaultValues: collegesFormValuesOf(region),
    messages: { colleges: (issue) => (issue.code === 'invalid_format' ? 'Lowercase letters, digits, hyphens and underscores.' : undefined) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'colleges' });
  const onSubmit = async (values: z.output<typeof CollegesForm>) => {
    try {
      const saved = await save.mutateAsync({ slug: region.slug, colleges: values });
      form.reset(collegesFormValuesOf(saved));
      showToast({ message: `The colleges of ${saved.name} are saved.`, tone: 'success' });
    } catch (failure) {
      form.showFailure(failure, serverMessage(failure, FAILED));
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Colleges" className="flex flex-col gap-3">
      {fields.length === 0 ? <p className={mutedClasses}>{"No colleges of its own: its search's college filter offers the other regions' colleges, and none of its students gets a school badge."}</p> : null}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="grid gap-2 rounded-xl bg-slate-50 p-3 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start dark:bg-slate-800/60">
            <Field name={`colleges.${index}.slug`} label={`College ${index + 1} slug`}>
              {(control) => <input {...control} {...form.register(`colleges.${index}.slug`)} className={inputClasses} autoCapitalize="none" spellCheck={false} placeholder="rochester" />}
            </Field>
            <Field name={`colleges.${index}.name`} label={`College ${index + 1} name`}>
              {(control) => <input {...control} {...form.register(`colleges.${index}.name`)} className={inputClasses} placeholder="University of Rochester" />}
            </Field>
            <Field name={`colleges.${index}.emailDomains`} label={`College ${index + 1} e-mail domains`}>
              {(control) => <input {...control} {...form.register(`colleges.${index}.emailDomains`)} className={inputClasses} autoCapitalize="none" spellCheck={false} placeholder="rochester.edu" />}
            </Field>
            <Button variant="ghost" size="sm" className="justify-self-start sm:mt-6" onClick={() => remove(index)} aria-label={`Remove college ${index + 1}`}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <FormError />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => append({ slug: '', name: '', emailDomains: '' })}>
          Add a college
        </Button>
        <SubmitButton pendingText="Saving...">Save colleges</SubmitButton>
      </div>
    </Form>
  );
}

/** Who moderates the region (its reports, verification and users), by e-mail address, replaced whole. */
export function RegionModeratorsForm({ region }: { region: AdminRegion }) {
  const save = useSetRegionModerators();
  const { showToast } = useToast();
  const form = useZodForm(ModeratorsForm, { defaultValues: { emails: region.moderators.join('\n') } });
  const onSubmit = async (values: z.output<typeof ModeratorsForm>) => {
    try {
      const saved = await save.mutateAsync({ slug: region.slug, moderators: values });
      form.reset({ emails: saved.moderators.join('\n') });
      showToast({ message: `The moderators of ${saved.name} are saved.`, tone: 'success' });
    } catch (failure) {
      form.showFailure(failure, serverMessage(failure, FAILED));
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Moderators" className="flex flex-col gap-3">
      <Field name="emails" label="Moderators' e-mail addresses" hint="One a line, or separated by commas. They act on this region's reports, verification and users only.">
        {(control) => <textarea {...control} {...form.register('emails')} rows={3} className={inputClasses} autoCapitalize="none" spellCheck={false} placeholder="moderator@rochester.edu" />}
      </Field>
      <FormError />
      <div>
        <SubmitButton pendingText="Saving...">Save moderators</SubmitButton>
      </div>
    </Form>
  );
}
