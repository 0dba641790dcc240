import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlacesAutocomplete, type PickedPlace } from './use-places-autocomplete';

function AddressInput({ apiKey, onPick }: { apiKey: string | null; onPick: (place: PickedPlace) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  usePlacesAutocomplete(ref, apiKey, onPick);
  return <input ref={ref} aria-label="Pickup address" />;
}

describe('usePlacesAutocomplete', () => {
  const created: { input: HTMLInputElement; options: object; fire: () => void }[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    created.length = 0;
    class Autocomplete {
      private handler: () => void = () => undefined;
      constructor(input: HTMLInputElement, options: object) {
        created.push({ input, options, fire: () => this.handler() });
      }
      addListener(_event: string, handler: () => void) {
        this.handler = handler;
      }
      getPlace() {
        return { formatted_address: '130 College Ave, Ithaca, NY', geometry: { location: { lat: () => 42.44, lng: () => -76.49 } } };
      }
    }
    // The library is already on the page, so no script is loaded in the test.
    vi.stubGlobal('google', { maps: { places: { Autocomplete }, event: { clearInstanceListeners: vi.fn() } } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('attaches after 100 ms, restricted to the US, establishments and addresses', async () => {
    const onPick = vi.fn();
    render(<AddressInput apiKey="key" onPick={onPick} />);
    await act(async () => {
      vi.advanceTimersByTime(99);
    });
    expect(created).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(created).toHaveLength(1);
    expect(created[0]!.options).toMatchObject({ componentRestrictions: { country: 'us' }, types: ['establishment', 'geocode'] });
    created[0]!.fire();
    expect(onPick).toHaveBeenCalledWith({ address: '130 College Ave, Ithaca, NY', lat: 42.44, lng: -76.49 });
  });

  it('leaves a plain input without a maps key', async () => {
    render(<AddressInput apiKey={null} onPick={vi.fn()} />);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(created).toHaveLength(0);
  });
});
