import { GEOCODER_DEBOUNCE_MS, GEOCODER_MIN_QUERY_CHARS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import * as Popover from '@radix-ui/react-popover';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useAppConfig } from '../../lib/app-config';
import { GeocoderUnavailableError, geocoderWaitMs, searchAddresses, type PickedPlace } from '../../lib/geocoder';
import { useRegion } from '../../lib/region';

type AddressInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & {
  id: string;
  ref?: Ref<HTMLInputElement>;
  /** The user chose a suggestion; the form stores its address and coordinates. */
  onPick: (place: PickedPlace) => void;
};

/**
 * An address text field with suggestions from the configured OpenStreetMap geocoder
 * (docs/decisions/places-autocomplete.md), as a WAI-ARIA combobox: the arrows move through the
 * suggestions, Enter picks one, Escape closes the list (and only the list, being the top layer).
 * Without a geocoder it is a plain text field; when the geocoder fails, a note says so under the
 * field and typing goes on as before.
 */
export function AddressInput({ onPick, ref, onChange, onBlur, onKeyDown, className, ...inputProps }: AddressInputProps) {
  const { data: config } = useAppConfig();
  const endpoint = config?.geocoderUrl ?? null;
  const { places: regionPlaces } = useRegion();
  const listId = useId();
  const noteId = `${inputProps.id}-suggestions-note`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const [suggestions, setSuggestions] = useState<PickedPlace[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [unavailable, setUnavailable] = useState(false);

  const stopSearching = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    inFlight.current?.abort();
    inFlight.current = null;
  };
  useEffect(() => stopSearching, []);

  const search = (query: string) => {
    // Another address field of the page may have asked meanwhile: the one-per-second pace is the page's.
    const wait = geocoderWaitMs();
    if (wait > 0) {
      timer.current = setTimeout(() => search(query), wait);
      return;
    }
    if (!endpoint) return;
    const controller = new AbortController();
    inFlight.current = controller;
    searchAddresses(endpoint, query, regionPlaces, controller.signal).then(
      (places) => {
        if (controller.signal.aborted) return;
        setUnavailable(false);
        setSuggestions(places);
        setActive(-1);
        setOpen(places.length > 0 && document.activeElement === inputRef.current);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof GeocoderUnavailableError) {
          setUnavailable(true);
          setSuggestions([]);
          setOpen(false);
        }
      },
    );
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    if (!endpoint) return;
    // What was asked for the previous text no longer matters.
    stopSearching();
    const query = event.target.value.trim();
    if (query.length < GEOCODER_MIN_QUERY_CHARS) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => search(query), Math.max(GEOCODER_DEBOUNCE_MS, geocoderWaitMs()));
  };

  const pick = (place: PickedPlace) => {
    stopSearching();
    setOpen(false);
    setSuggestions([]);
    setActive(-1);
    onPick(place);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || suggestions.length === 0) return;
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(step === 1 ? 0 : count - 1);
      } else {
        setActive((current) => (current + step + count) % count);
      }
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Picking a suggestion must not submit the form around the field.
      event.preventDefault();
      pick(suggestions[active]!);
    }
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    setOpen(false);
  };

  const setRefs = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const describedBy = [inputProps['aria-describedby'], unavailable ? noteId : null].filter(Boolean).join(' ') || undefined;
  const expanded = open && suggestions.length > 0;

  if (!endpoint) {
    return <input {...inputProps} ref={setRefs} type="text" onChange={onChange} onBlur={onBlur} onKeyDown={onKeyDown} className={className} />;
  }

  return (
    <>
      <Popover.Root
        open={expanded}
        onOpenChange={(next) => {
          if (!next) setOpen(false);
        }}
      >
        <Popover.Anchor asChild>
          <input
            {...inputProps}
            ref={setRefs}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-describedby={describedBy}
            onChange={handleChange}
            onBlur={handleBlur}
            onKeyDown={handleKeyDown}
            className={className}
          />
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            // A list of options, not a dialog: focus stays in the field (aria-activedescendant).
            role={undefined}
            align="start"
            sideOffset={4}
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => event.preventDefault()}
            onInteractOutside={(event) => {
              if (event.target === inputRef.current) event.preventDefault();
            }}
            className="z-[60] w-[var(--radix-popover-trigger-width)] min-w-64 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <ul id={listId} role="listbox" aria-label="Address suggestions" className="max-h-64 overflow-y-auto py-1">
              {suggestions.map((place, index) => (
                <li
                  key={`${place.address}-${index}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  // Keeps the focus in the field while the pointer picks.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(place)}
                  className={`cursor-pointer px-3 py-2 text-sm text-slate-800 dark:text-slate-100 ${
                    index === active ? 'bg-brand-100 dark:bg-slate-700' : ''
                  }`}
                >
                  {place.address}
                </li>
              ))}
            </ul>
            <p className="border-t border-slate-200 px-3 py-1 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {TEXTS.addressSuggestionsAttribution}
            </p>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <div aria-live="polite">
        {unavailable ? (
          <p id={noteId} className="mt-1 text-xs text-amber-800 dark:text-amber-200">
            {TEXTS.addressSuggestionsUnavailable}
          </p>
        ) : null}
      </div>
    </>
  );
}
