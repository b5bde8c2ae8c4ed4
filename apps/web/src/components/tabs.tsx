import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

type TabsProps<Id extends string> = {
  /** The tabs in order, each with its visible label. */
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The accessible name of the tab list. */
  label: string;
  children: ReactNode;
};

/** A tab list with one panel (WAI-ARIA tabs: arrow keys, Home and End move between tabs). */
export function Tabs<Id extends string>({ tabs, selected, onSelect, label, children }: TabsProps<Id>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    list.current?.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
  }

  return (
    <div className="tabs">
      <div ref={list} role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${base}-${tab.id}`}
            data-tab={tab.id}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-${selected}`}
        className="tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
