import type { AdminRegion } from '@carpool/shared/schemas/regions';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useAdminRegions } from '../api/regions-admin-api';
import { ActionError } from './action-error';
import { badgeClasses, cardClasses, mutedClasses } from './admin-classes';
import { RegionDetailsForm } from './region-details-form';
import { RegionCollegesForm, RegionModeratorsForm } from './region-people-forms';
import { RegionPlaces } from './region-places';
import { RegionStatusActions } from './region-status-actions';

const STATUS_LABELS: Record<AdminRegion['status'], string> = { draft: 'Draft', live: 'Live', archived: 'Archived' };
const STATUS_CLASSES: Record<AdminRegion['status'], string> = {
  draft: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  live: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  archived: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

function StatusBadge({ status }: { status: AdminRegion['status'] }) {
  return <span className={`${badgeClasses} ${STATUS_CLASSES[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** What the panel shows: the list, a new region's form, or one region's editor. */
type View = { kind: 'list' } | { kind: 'new' } | { kind: 'region'; slug: string };

/**
 * The console's regions (issue 33, docs/decisions/regions-as-data.md): every region with its
 * status; a new one created as a draft; one region's wording, colours, map, domains, places,
 * colleges and moderators edited, published or archived. Platform administrators only (the server
 * refuses anyone else).
 */
export function RegionsPanel() {
  const query = useAdminRegions();
  const [view, setView] = useState<View>({ kind: 'list' });
  if (query.isPending) return <p className={mutedClasses}>Loading regions...</p>;
  if (query.isError) return <ActionError error={query.error} />;
  const back = () => setView({ kind: 'list' });
  if (view.kind === 'new') {
    return (
      <Page title="New region" onBack={back}>
        <section className={cardClasses} aria-label="New region">
          <RegionDetailsForm onCreated={(created) => setView({ kind: 'region', slug: created.slug })} />
        </section>
      </Page>
    );
  }
  const opened = view.kind === 'region' ? query.data.find((region) => region.slug === view.slug) : undefined;
  if (opened) {
    return (
      <Page title={opened.name} status={opened.status} onBack={back}>
        <RegionEditor region={opened} />
      </Page>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={mutedClasses}>Each region is a community of its own: its address, colours, places, colleges and e-mail domains.</p>
        <Button onClick={() => setView({ kind: 'new' })}>New region</Button>
      </div>
      <ul className="flex flex-col gap-3" aria-label="Regions">
        {query.data.map((region) => (
          <li key={region.slug}>
            <RegionCard region={region} onOpen={() => setView({ kind: 'region', slug: region.slug })} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Page({ title, status, onBack, children }: { title: string; status?: AdminRegion['status']; onBack: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack}>
          ← All regions
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{title}</h2>
        {status ? <StatusBadge status={status} /> : null}
      </div>
      {children}
    </div>
  );
}

function RegionCard({ region, onOpen }: { region: AdminRegion; onOpen: () => void }) {
  return (
    <article className={cardClasses} aria-label={region.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="h-5 w-5 shrink-0 rounded-md ring-1 ring-black/10" style={{ backgroundColor: region.theme.light }} />
        <h3 className="text-lg font-bold text-slate-900 dark:text-white">{region.name}</h3>
        <StatusBadge status={region.status} />
        <Button size="sm" variant="secondary" className="ml-auto" onClick={onOpen} aria-label={`Edit ${region.name}`}>
          Edit
        </Button>
      </div>
      <p className={`${mutedClasses} mt-1 break-words`}>
        /{region.slug} · {region.places.length} places · {region.colleges.length} colleges · {region.emailDomains.length} e-mail domains · {region.timeZone}
      </p>
    </article>
  );
}

function RegionEditor({ region }: { region: AdminRegion }) {
  return (
    <div className="flex flex-col gap-4">
      <EditorSection title="Status">
        <RegionStatusActions region={region} />
      </EditorSection>
      <EditorSection title="Details">
        <RegionDetailsForm region={region} />
      </EditorSection>
      <EditorSection title={`Places (${region.places.length})`}>
        <RegionPlaces region={region} />
      </EditorSection>
      <EditorSection title="Colleges">
        <RegionCollegesForm region={region} />
      </EditorSection>
      <EditorSection title="Moderators">
        <RegionModeratorsForm region={region} />
      </EditorSection>
    </div>
  );
}

function EditorSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={cardClasses} aria-label={title.replace(/ \(\d+\)$/, '')}>
      <h3 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}
