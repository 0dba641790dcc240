import type { AdminRegion } from '@carpool/shared/schemas/regions';
import { useState } from 'react';
import type { z } from 'zod';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useArchiveRegion, usePublishRegion } from '../api/regions-admin-api';
import { ArchiveForm } from '../utils/region-forms';
import { ActionError } from './action-error';
import { inputClasses, mutedClasses } from './admin-classes';

/** A region needs somewhere to go from and to (place-import.ts). */
const MIN_PLACES = 2;

/** Publish a draft, or archive a live region: each asked to be confirmed first. */
export function RegionStatusActions({ region }: { region: AdminRegion }) {
  if (region.status === 'draft') return <PublishAction region={region} />;
  if (region.status === 'live') return <ArchiveAction region={region} />;
  return <p className={mutedClasses}>Archived: no new rides or ride requests. Its people keep reading and exporting what they have.</p>;
}

function PublishAction({ region }: { region: AdminRegion }) {
  const publish = usePublishRegion();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const ready = region.places.length >= MIN_PLACES;
  return (
    <div className="flex flex-col gap-2">
      <p className={mutedClasses}>
        {ready ? 'A draft is seen by nobody. Published, it is open to everyone with its e-mail domains.' : `Import at least ${MIN_PLACES} places before publishing.`}
      </p>
      <div>
        <Button onClick={() => setConfirming(true)} disabled={!ready}>
          Publish
        </Button>
      </div>
      <ActionError error={publish.error} />
      <ConfirmDialog
        open={confirming}
        title={`Publish ${region.name}?`}
        description={`Everyone can then open /${region.slug}, and its students sign in and post rides.`}
        confirmLabel="Publish"
        pending={publish.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          publish.mutate(
            { slug: region.slug },
            {
              onSuccess: (saved) => showToast({ message: `${saved.name} is live.`, tone: 'success' }),
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
    </div>
  );
}

function ArchiveAction({ region }: { region: AdminRegion }) {
  const archive = useArchiveRegion();
  const { showToast } = useToast();
  const [reason, setReason] = useState<string | null>(null);
  const form = useZodForm(ArchiveForm, {
    defaultValues: { reason: '' },
    messages: { reason: { too_small: 'Give a reason for archiving the region.' } },
  });
  return (
    <>
      <Form form={form} onSubmit={(values: z.output<typeof ArchiveForm>) => setReason(values.reason)} aria-label="Archive" className="flex flex-col gap-2">
        <p className={mutedClasses}>Archived, the region takes no new rides or ride requests; its people keep reading and exporting what they have.</p>
        <Field name="reason" label="Reason for archiving">
          {(control) => <input {...control} {...form.register('reason')} className={inputClasses} maxLength={500} />}
        </Field>
        <div>
          <SubmitButton variant="danger" pendingText="Archiving...">
            Archive
          </SubmitButton>
        </div>
      </Form>
      <ActionError error={archive.error} />
      <ConfirmDialog
        open={reason !== null}
        title={`Archive ${region.name}?`}
        description="No new rides or ride requests can be posted there."
        confirmLabel="Archive"
        tone="danger"
        pending={archive.isPending}
        onClose={() => setReason(null)}
        onConfirm={() =>
          archive.mutate(
            { slug: region.slug, reason: reason ?? '' },
            {
              onSuccess: (saved) => showToast({ message: `${saved.name} is archived.`, tone: 'success' }),
              onSettled: () => setReason(null),
            },
          )
        }
      />
    </>
  );
}
