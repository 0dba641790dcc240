import { PlacesImportInput, type AdminRegion, type PlaceImportProblem } from '@carpool/shared/schemas/regions';
import { useId, useState, type ChangeEvent } from 'react';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useImportRegionPlaces } from '../api/regions-admin-api';
import { ActionError } from './action-error';
import { mutedClasses } from './admin-classes';

/** The API's limit on a file's text: a larger file is refused here, before it is sent. */
const MAX_FILE_CHARACTERS = PlacesImportInput.shape.content.maxLength ?? Number.POSITIVE_INFINITY;

/** The file's text, through FileReader (Blob.text() is missing from some browsers still in use). */
function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** CSV or GeoJSON, by the file's name, else by its first character. */
function formatOf(fileName: string, content: string): PlacesImportInput['format'] {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.(geo)?json$/i.test(fileName)) return 'geojson';
  return content.replace(/^\uFEFF/, '').trimStart().startsWith('{') ? 'geojson' : 'csv';
}

/** The bad rows of a refused file (PLACES_INVALID), as the server named them. */
function problemsOf(error: unknown): PlaceImportProblem[] | null {
  if (!isApiError(error) || error.code !== 'PLACES_INVALID') return null;
  const problems = (error.details as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? (problems as PlaceImportProblem[]) : [];
}

/**
 * A region's places: the current list, and a file that replaces it whole (CSV `slug,label,lat,lng`
 * or GeoJSON points). A file with any bad row is refused whole, each bad row named.
 */
export function RegionPlaces({ region }: { region: AdminRegion }) {
  const importPlaces = useImportRegionPlaces();
  const { showToast } = useToast();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [attempt, setAttempt] = useState<{ fileName: string; format: PlacesImportInput['format'] } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // The same file may be chosen again once it is fixed.
    input.value = '';
    if (!file) return;
    importPlaces.reset();
    setReadError(null);
    let content: string;
    try {
      content = await readFileText(file);
    } catch {
      setReadError(`${file.name} could not be read.`);
      return;
    }
    if (content.length > MAX_FILE_CHARACTERS) {
      setReadError(`${file.name} is too large: at most ${MAX_FILE_CHARACTERS.toLocaleString('en-US')} characters.`);
      return;
    }
    const format = formatOf(file.name, content);
    setAttempt({ fileName: file.name, format });
    importPlaces.mutate(
      { slug: region.slug, file: { format, content } },
      { onSuccess: (saved) => showToast({ message: `${saved.places.length} places imported from ${file.name}.`, tone: 'success' }) },
    );
  };

  const problems = problemsOf(importPlaces.error);
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
          Import places from a file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
          aria-describedby={hintId}
          disabled={importPlaces.isPending}
          onChange={(event) => void onFile(event)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-xl file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100 dark:hover:file:bg-slate-700"
        />
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          A CSV with the header <code>slug,label,lat,lng</code> and a row per place, or a GeoJSON FeatureCollection of points with the properties slug and label. It
          replaces the list whole; at least 2 places.
          {region.status === 'draft' ? null : ' A published region keeps its places: the file must still have every slug below (labels and points may change).'}
        </p>
      </div>
      {importPlaces.isPending ? <p className={mutedClasses}>Importing {attempt?.fileName}...</p> : null}
      {readError ? (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {readError}
        </p>
      ) : null}
      {problems && attempt ? (
        <ImportProblems fileName={attempt.fileName} format={attempt.format} message={importPlaces.error?.message ?? ''} problems={problems} />
      ) : (
        <ActionError error={importPlaces.error} />
      )}
      <PlacesTable region={region} />
    </div>
  );
}

function ImportProblems({ fileName, format, message, problems }: { fileName: string; format: PlacesImportInput['format']; message: string; problems: PlaceImportProblem[] }) {
  const where = (row: number) => (row === 0 ? 'The file' : format === 'csv' ? `Line ${row}` : `Feature ${row}`);
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-900">
      <p className="font-semibold">
        {fileName}: {message || 'the file has bad rows; nothing was imported'}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((problem, index) => (
          <li key={index}>
            <span className="font-semibold">{where(problem.row)}:</span> {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlacesTable({ region }: { region: AdminRegion }) {
  if (region.places.length === 0) return <p className={mutedClasses}>No places yet: import a file to add them.</p>;
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200 dark:ring-slate-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Places of {region.name}</caption>
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Label</th>
            <th scope="col" className="px-3 py-2 font-semibold">Slug</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Latitude</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Longitude</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-100">
          {region.places.map((place) => (
            <tr key={place.slug}>
              <td className="px-3 py-2">{place.label}</td>
              <td className="px-3 py-2 font-mono text-xs">{place.slug}</td>
              <td className="px-3 py-2 text-right tabular-nums">{place.lat}</td>
              <td className="px-3 py-2 text-right tabular-nums">{place.lng}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
