import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/cn.ts';

export interface TabOption<T extends string> {
  id: T;
  label: string;
}

export interface TabListProps<T extends string> {
  /** What the tabs choose between, for assistive technology ("Account", "Content type"). */
  label: string;
  tabs: ReadonlyArray<TabOption<T>>;
  value: T;
  onChange(value: T): void;
  /** Prefix of the tabs' element ids: each tab is `${idPrefix}-tab-${id}`. */
  idPrefix: string;
  /** The id of the panel the selected tab shows. */
  panelId: string;
  className?: string;
  tabClassName(selected: boolean): string;
}

/** The id of a tab of a TabList, which its panel names as its label (aria-labelledby). */
export const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;

/**
 * A row of tabs (WAI-ARIA APG tabs pattern): one stop of the Tab key; the arrow keys, Home and End
 * move between the tabs and show the one they reach. The panel is the caller's element with
 * role="tabpanel", id `panelId` and aria-labelledby `tabId(idPrefix, value)`.
 */
export function TabList<T extends string>({
  label,
  tabs,
  value,
  onChange,
  idPrefix,
  panelId,
  className,
  tabClassName,
}: TabListProps<T>) {
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((tab) => tab.id === value);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = tabs[moves[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    document.getElementById(tabId(idPrefix, next.id))?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab.id)}
          aria-selected={tab.id === value}
          aria-controls={panelId}
          tabIndex={tab.id === value ? 0 : -1}
          onClick={() => onChange(tab.id)}
          onKeyDown={onKeyDown}
          className={cn(tabClassName(tab.id === value))}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
