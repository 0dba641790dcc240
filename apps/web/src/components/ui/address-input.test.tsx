import { GEOCODER_MIN_INTERVAL_MS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetGeocoderPacing, type PickedPlace } from '../../lib/geocoder';
import { renderWithApp } from '../../test/render-with-app';
import { AddressInput } from './address-input';
import { Modal } from './modal';

const GEOCODER = 'http://geocoder.test/search';
const config = (geocoderUrl: string | null) => ({ mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null, geocoderUrl });
const ithaca = [
  { place_id: 1, display_name: '130 East State Street, Ithaca, New York, 14850, United States', lat: '42.4397', lon: '-76.4964' },
  { place_id: 2, display_name: 'Ithaca Commons, Ithaca, New York, United States', lat: '42.4393', lon: '-76.4970' },
];

type Geocode = (url: URL, init: RequestInit | undefined) => Promise<Response> | Response;

/** The app's /api/config, and a geocoder answering as the test says, each call recorded with its time. */
function serve(geocoderUrl: string | null, geocode: Geocode) {
  const calls: { url: URL; at: number; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/config') return Response.json(config(geocoderUrl));
    if (url.origin === 'http://geocoder.test') {
      calls.push({ url, at: Date.now(), init });
      return geocode(url, init);
    }
    return Response.json({ error: 'nf', message: 'nf', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function AddressForm({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  const [value, setValue] = useState('');
  const [picked, setPicked] = useState<PickedPlace | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="pickup">Pickup address</label>
      <AddressInput
        id="pickup"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onPick={(place) => {
          setValue(place.address);
          setPicked(place);
        }}
      />
      <output data-testid="picked">{picked ? `${picked.lat},${picked.lng}` : 'none'}</output>
    </form>
  );
}

beforeEach(() => resetGeocoderPacing());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AddressInput', () => {
  it('is a plain text field, asking no one, when no geocoder is configured', async () => {
    const calls = serve(null, () => Response.json(ithaca));
    renderWithApp(<AddressForm />);
    const field = await screen.findByLabelText('Pickup address');
    await userEvent.type(field, '130 East State');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(field).not.toHaveAttribute('role', 'combobox');
    expect(calls).toHaveLength(0);
    expect(field).toHaveValue('130 East State');
  });

  it('suggests US addresses after typing pauses, and the keyboard picks one without submitting the form', async () => {
    const calls = serve(GEOCODER, () => Response.json(ithaca));
    const onSubmit = vi.fn();
    renderWithApp(<AddressForm onSubmit={onSubmit} />);
    const field = await screen.findByRole('combobox', { name: 'Pickup address' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(field, 'Ithaca Co');
    const list = await screen.findByRole('listbox', { name: 'Address suggestions' });
    // One request for the whole burst of keys, with the region's preferences.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.searchParams.get('q')).toBe('Ithaca Co');
    expect(calls[0]!.url.searchParams.get('countrycodes')).toBe('us');
    expect(calls[0]!.url.searchParams.get('format')).toBe('jsonv2');
    expect(calls[0]!.init?.referrerPolicy).toBe('strict-origin');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option')).toHaveLength(2);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Ithaca Commons, Ithaca, New York, United States' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', second.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Enter}');

    expect(field).toHaveValue('Ithaca Commons, Ithaca, New York, United States');
    expect(screen.getByTestId('picked')).toHaveTextContent('42.4393,-76.497');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes the suggestions with Escape and leaves the dialog around them open until the next Escape', async () => {
    serve(GEOCODER, () => Response.json(ithaca));
    const onClose = vi.fn();
    renderWithApp(
      <Modal open onClose={onClose} title="Post a ride">
        <AddressForm />
      </Modal>,
    );
    const field = await screen.findByRole('combobox', { name: 'Pickup address' });
    await userEvent.type(field, 'Ithaca');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Ithaca');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cancels the request for text that has changed, and asks at most once a second', async () => {
    let release: (() => void) | undefined;
    const calls = serve(GEOCODER, (url, init) => {
      if (url.searchParams.get('q') === 'Ithaca') {
        // The first search hangs until the test lets it go (or the field aborts it).
        return new Promise<Response>((resolve, reject) => {
          release = () => resolve(Response.json([{ display_name: 'Stale answer, Ithaca', lat: '1', lon: '1' }]));
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return Response.json(ithaca);
    });
    renderWithApp(<AddressForm />);
    const field = await screen.findByRole('combobox', { name: 'Pickup address' });
    await userEvent.type(field, 'Ithaca');
    await waitFor(() => expect(calls).toHaveLength(1));
    await userEvent.type(field, ' Co');
    expect(calls[0]!.init?.signal?.aborted).toBe(true);
    release?.();
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 3000 });
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(GEOCODER_MIN_INTERVAL_MS - 5);
    await screen.findByRole('option', { name: /130 East State Street/ });
    expect(screen.queryByText('Stale answer, Ithaca')).not.toBeInTheDocument();
  });

  it('says under the field that suggestions are unavailable when the geocoder answers 500, and typing goes on', async () => {
    serve(GEOCODER, () => new Response('boom', { status: 500 }));
    renderWithApp(<AddressForm />);
    const field = await screen.findByRole('combobox', { name: 'Pickup address' });
    await userEvent.type(field, 'Ithaca');
    const note = await screen.findByText(TEXTS.addressSuggestionsUnavailable);
    expect(field).toHaveAttribute('aria-describedby', expect.stringContaining(note.id));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(field, ' Commons');
    expect(field).toHaveValue('Ithaca Commons');
  });

  it('says so too when the geocoder cannot be reached, and takes the note back once it answers', async () => {
    let down = true;
    serve(GEOCODER, () => (down ? Promise.reject(new TypeError('Failed to fetch')) : Response.json(ithaca)));
    renderWithApp(<AddressForm />);
    const field = await screen.findByRole('combobox', { name: 'Pickup address' });
    await userEvent.type(field, 'Ithaca');
    await screen.findByText(TEXTS.addressSuggestionsUnavailable);
    down = false;
    await userEvent.type(field, ' C');
    await screen.findByRole('listbox', {}, { timeout: 3000 });
    expect(screen.queryByText(TEXTS.addressSuggestionsUnavailable)).not.toBeInTheDocument();
  });
});
