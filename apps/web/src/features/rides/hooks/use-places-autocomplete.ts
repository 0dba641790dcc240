import { useEffect, useRef, type RefObject } from 'react';

/** The few pieces of the Maps JavaScript API this hook touches (no type package is installed for it). */
interface PlaceResult {
  formatted_address?: string;
  name?: string;
  geometry?: { location?: { lat(): number; lng(): number } };
}
interface Autocomplete {
  getPlace(): PlaceResult;
  addListener(event: 'place_changed', handler: () => void): unknown;
}
interface MapsNamespace {
  places: { Autocomplete: new (input: HTMLInputElement, options: object) => Autocomplete };
  event: { clearInstanceListeners(instance: object): void };
}
/** The page's window as the Maps script extends it (the sign-in code types window.google for itself). */
interface MapsWindow {
  google?: { maps?: MapsNamespace };
  carpoolMapsReady?: () => void;
}
const mapsWindow = () => window as unknown as MapsWindow;

export interface PickedPlace {
  address: string;
  lat: number | null;
  lng: number | null;
}

/** Spec section 5: the autocomplete is attached 100 ms after the field appears. */
export const AUTOCOMPLETE_ATTACH_DELAY_MS = 100;

let loading: Promise<MapsNamespace> | null = null;

/** Loads the Maps JavaScript API with its places library once, the first time a form needs it. */
function loadPlacesLibrary(apiKey: string): Promise<MapsNamespace> {
  const loaded = mapsWindow().google?.maps;
  if (loaded?.places) return Promise.resolve(loaded);
  loading ??= new Promise<MapsNamespace>((resolve, reject) => {
    mapsWindow().carpoolMapsReady = () => {
      const maps = mapsWindow().google?.maps;
      if (maps) resolve(maps);
      else reject(new Error('Maps did not load'));
    };
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places&loading=async&callback=carpoolMapsReady`;
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('Maps did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Attaches the places autocomplete (US only, establishments and addresses) to an input when a
 * maps key is configured; without a key the input stays a plain text field.
 */
export function usePlacesAutocomplete(
  inputRef: RefObject<HTMLInputElement | null>,
  apiKey: string | null | undefined,
  onPick: (place: PickedPlace) => void,
): void {
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });

  useEffect(() => {
    if (!apiKey) return;
    let cancelled = false;
    let instance: Autocomplete | null = null;
    let maps: MapsNamespace | null = null;
    const timer = setTimeout(() => {
      loadPlacesLibrary(apiKey)
        .then((loaded) => {
          const input = inputRef.current;
          if (cancelled || !input) return;
          maps = loaded;
          instance = new loaded.places.Autocomplete(input, {
            componentRestrictions: { country: 'us' },
            types: ['establishment', 'geocode'],
            fields: ['formatted_address', 'geometry', 'name'],
          });
          const picked = instance;
          picked.addListener('place_changed', () => {
            const place = picked.getPlace();
            const location = place.geometry?.location;
            onPickRef.current({
              address: place.formatted_address ?? place.name ?? input.value,
              lat: location ? location.lat() : null,
              lng: location ? location.lng() : null,
            });
          });
        })
        // Without the library the field still works as plain text.
        .catch(() => undefined);
    }, AUTOCOMPLETE_ATTACH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (instance && maps) maps.event.clearInstanceListeners(instance);
    };
  }, [apiKey, inputRef]);
}
