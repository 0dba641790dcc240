import * as RadixTabs from '@radix-ui/react-tabs';
import { memo, type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  disabled?: boolean;
  /** Why the tab is disabled ("Sign in to see your rides"). */
  hint?: string;
}

interface TabsProps<Id extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Prefix of the ids that tie each tab to its panel (see tabPanelProps). */
  idPrefix: string;
  /**
   * A few tabs that must all show: on a narrow screen they share the width and their words wrap,
   * instead of the strip scrolling with the last one cut ("All Ri›").
   */
  fit?: boolean;
}

/** Props for the element showing the selected tab's content. */
export function tabPanelProps(idPrefix: string, id: string) {
  return { role: 'tabpanel', id: `${idPrefix}-panel-${id}`, 'aria-labelledby': `${idPrefix}-tab-${id}` } as const;
}

/**
 * WAI-ARIA tabs on Radix UI's Tabs (docs/decisions/web-accessible-primitives.md): the arrow keys
 * move between enabled tabs (and choose them), Home and End jump to the ends. Only the strip is
 * drawn here; each screen draws the chosen tab's panel with tabPanelProps, so the ids are ours.
 */
function TabsUnmemoized<Id extends string>({ label, tabs, selected, onSelect, idPrefix, fit = false }: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const overflow = useOverflow(listRef);

  // A tab chosen by keyboard may sit past the cut edge: bring it into view (not on the first render,
  // which must not scroll the page).
  const shownSelected = useRef(selected);
  useEffect(() => {
    if (shownSelected.current === selected) return;
    shownSelected.current = selected;
    refs.current.get(selected)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  return (
    <RadixTabs.Root
      value={selected}
      onValueChange={(value) => {
        const tab = tabs.find((each) => each.id === value);
        if (tab && !tab.disabled) onSelect(tab.id);
      }}
      activationMode="automatic"
      className="relative"
    >
      <RadixTabs.List
        ref={listRef}
        aria-label={label}
        loop
        className="relative flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 [scrollbar-width:none] dark:bg-slate-800"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <RadixTabs.Trigger
              key={tab.id}
              value={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              id={`${idPrefix}-tab-${tab.id}`}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              disabled={tab.disabled}
              title={tab.disabled ? tab.hint : undefined}
              className={`${fit ? 'min-w-0 flex-1 px-2 leading-tight sm:flex-none sm:whitespace-nowrap sm:px-4' : 'whitespace-nowrap px-4'} rounded-lg py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 ${
                isSelected
                  ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-900 dark:text-brand-300'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {tab.label}
              {tab.disabled && tab.hint ? <span className="sr-only"> ({tab.hint})</span> : null}
            </RadixTabs.Trigger>
          );
        })}
      </RadixTabs.List>
      {/* A narrow screen cuts the strip: a fade and an arrow on the cut side say it scrolls. */}
      {overflow.start ? <ScrollHint side="start" /> : null}
      {overflow.end ? <ScrollHint side="end" /> : null}
    </RadixTabs.Root>
  );
}

function ScrollHint({ side }: { side: 'start' | 'end' }) {
  return (
    <span
      aria-hidden="true"
      data-testid={`tabs-scroll-${side}`}
      className={`pointer-events-none absolute inset-y-0 flex w-10 items-center rounded-xl text-slate-500 dark:text-slate-300 ${
        side === 'start'
          ? 'left-0 justify-start bg-gradient-to-r from-slate-100 pl-1 dark:from-slate-800'
          : 'right-0 justify-end bg-gradient-to-l from-slate-100 pr-1 dark:from-slate-800'
      }`}
    >
      {side === 'start' ? '‹' : '›'}
    </span>
  );
}

/** Whether the element's content runs past its left and right edges, kept current on scroll and resize. */
function useOverflow(ref: RefObject<HTMLElement | null>) {
  const [overflow, setOverflow] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const start = element.scrollLeft > 1;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setOverflow((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, [ref]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.addEventListener('scroll', measure, { passive: true });
    // The observer's first call comes with the next frame's layout: measuring here instead would
    // force a layout of the whole page inside the commit (the first render's longest task).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) observer.observe(element);
    else measure();
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);
  return overflow;
}

/** Memoized (a page re-renders for each answer it gets; the tabs only when their own props change), keeping the component's type parameter. */
export const Tabs = memo(TabsUnmemoized) as typeof TabsUnmemoized;
