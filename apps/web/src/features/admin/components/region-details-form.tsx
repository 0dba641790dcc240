import type { AdminRegion, CreateRegionInput } from '@carpool/shared/schemas/regions';
import { useId, useMemo, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { serverMessage, useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import { useCreateRegion, useUpdateRegion } from '../api/regions-admin-api';
import { NEW_REGION_VALUES, RegionForm, regionChangesOf, regionFormValuesOf, type RegionFormValues } from '../utils/region-forms';
import { inputClasses, mutedClasses } from './admin-classes';
import { ContrastHint, RegionThemePreview } from './region-theme-preview';

const FAILED = 'Something went wrong. Please try again.';

/** The zones the browser knows, offered as the time zone is typed (any IANA zone is accepted). */
function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/**
 * A region's own fields: a new region's (created as a draft) or an existing one's (only what
 * changed is sent). The colours are checked as they are typed and previewed as they will be served.
 */
export function RegionDetailsForm({ region, onCreated }: { region?: AdminRegion; onCreated?: (region: AdminRegion) => void }) {
  const create = useCreateRegion();
  const update = useUpdateRegion();
  const { showToast } = useToast();
  const form = useZodForm(RegionForm, {
    defaultValues: region ? regionFormValuesOf(region) : NEW_REGION_VALUES,
    messages: { slug: { too_small: 'This is required.' } },
  });
  const onSubmit = async (values: CreateRegionInput) => {
    try {
      if (!region) {
        const created = await create.mutateAsync(values);
        showToast({ message: `${created.name} is created as a draft.`, tone: 'success' });
        onCreated?.(created);
        return;
      }
      const changes = regionChangesOf(values, region);
      if (Object.keys(changes).length === 0) {
        showToast({ message: 'Nothing has changed.' });
        return;
      }
      const saved = await update.mutateAsync({ slug: region.slug, changes });
      form.reset(regionFormValuesOf(saved));
      showToast({ message: `${saved.name} is saved.`, tone: 'success' });
    } catch (failure) {
      form.showFailure(failure, serverMessage(failure, FAILED));
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={region ? 'Region details' : 'New region'} className="flex flex-col gap-5">
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">Name and wording</legend>
        <Field name="slug" label="Slug" hint={region ? 'The address of its pages; it cannot change.' : 'The address of its pages (/rochester): lowercase letters, digits and hyphens.'}>
          {(control) => <input {...control} {...form.register('slug')} readOnly={Boolean(region)} className={`${inputClasses} read-only:opacity-70`} autoCapitalize="none" spellCheck={false} placeholder="rochester" />}
        </Field>
        <Field name="name" label="Display name">
          {(control) => <input {...control} {...form.register('name')} className={inputClasses} placeholder="Rochester" />}
        </Field>
        <Field name="where" label="Where (“at Rochester”)" hint="Follows “Ride Requests” and “rides” in the app's texts.">
          {(control) => <input {...control} {...form.register('where')} className={inputClasses} placeholder="at Rochester" />}
        </Field>
        <Field name="subtitle" label="Subtitle" hint="Under the home page's title.">
          {(control) => <input {...control} {...form.register('subtitle')} className={inputClasses} placeholder="Intercity Carpool Platform for Your College Community" />}
        </Field>
      </fieldset>

      <ThemeFields route={region && region.places.length >= 2 ? [region.places[0]!.label, region.places[1]!.label] : SAMPLE_ROUTE} />

      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">Time and map</legend>
        <TimeZoneField />
        <div className="grid grid-cols-2 gap-2 sm:col-span-2 sm:grid-cols-3">
          <Field name="map.lat" label="Map latitude" hint="The map's centre.">
            {(control) => <input {...control} {...form.register('map.lat')} inputMode="decimal" className={inputClasses} placeholder="43.1306" />}
          </Field>
          <Field name="map.lng" label="Map longitude">
            {(control) => <input {...control} {...form.register('map.lng')} inputMode="decimal" className={inputClasses} placeholder="-77.6260" />}
          </Field>
          <Field name="map.zoom" label="Map zoom" hint="1 to 18">
            {(control) => <input {...control} {...form.register('map.zoom')} inputMode="numeric" className={inputClasses} />}
          </Field>
        </div>
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">Who may sign in</legend>
        <Field name="emailDomains" label="Allowed e-mail domains" hint="Separated by commas or lines; subdomains are included (rochester.edu lets in cs.rochester.edu).">
          {(control) => <textarea {...control} {...form.register('emailDomains')} rows={2} className={inputClasses} autoCapitalize="none" spellCheck={false} placeholder="rochester.edu" />}
        </Field>
      </fieldset>

      <FormError />
      <div>
        <SubmitButton pendingText={region ? 'Saving...' : 'Creating...'}>{region ? 'Save changes' : 'Create draft'}</SubmitButton>
      </div>
    </Form>
  );
}

function TimeZoneField() {
  const { register } = useFormContext<RegionFormValues>();
  const listId = useId();
  const zones = useMemo(() => knownTimeZones(), []);
  return (
    <Field name="timeZone" label="Time zone" hint="IANA, such as America/New_York: the region's days and times.">
      {(control) => (
        <>
          <input {...control} {...register('timeZone')} list={listId} className={inputClasses} autoCapitalize="none" spellCheck={false} />
          <datalist id={listId}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/** The preview's ride before the region has places. */
const SAMPLE_ROUTE = ['Campus', 'Airport'] as const;

/** The two primaries, each a colour picker and its hex text, with its contrast check; the preview under them. */
function ThemeFields({ route }: { route: readonly [string, string] }) {
  const { control } = useFormContext<RegionFormValues>();
  const [light, dark, name, subtitle] = useWatch({ control, name: ['theme.light', 'theme.dark', 'name', 'subtitle'] });
  const theme = { light, dark };
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">Colours</legend>
      <p className={mutedClasses}>The light theme's colour sits under white text (the header's mark, buttons); the dark theme's is text on the dark background.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <ColourField name="theme.light" label="Light theme colour" pickerLabel="Light theme colour picker" hint={<ContrastHint theme={theme} which="light" />} />
        <ColourField name="theme.dark" label="Dark theme colour" pickerLabel="Dark theme colour picker" hint={<ContrastHint theme={theme} which="dark" />} />
      </div>
      <RegionThemePreview theme={theme} name={name} subtitle={subtitle} route={route} />
    </fieldset>
  );
}

const HEX = /^#[0-9a-f]{6}$/;

function ColourField({ name, label, pickerLabel, hint }: { name: 'theme.light' | 'theme.dark'; label: string; pickerLabel: string; hint: ReactNode }) {
  const { control, register, setValue, formState } = useFormContext<RegionFormValues>();
  const value = useWatch({ control, name });
  return (
    <Field name={name} label={label} hint={hint}>
      {(props) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={pickerLabel}
            value={HEX.test(value) ? value : '#000000'}
            onChange={(event) => setValue(name, event.target.value, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-800"
          />
          <input
            {...props}
            {...register(name, { setValueAs: (text: string) => text.trim().toLowerCase() })}
            className={`${inputClasses} font-mono`}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={7}
            placeholder="#rrggbb"
          />
        </div>
      )}
    </Field>
  );
}
