import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type RngClassification, rngClassifications } from '../../../config/categories.ts';

type RngTabsProps = {
  selected: RngClassification;
  onSelect: (tab: RngClassification) => void;
  children: ReactNode;
};

/** The RNG classification tabs of /rng; the selected tab comes from ?page= so it can be linked and reloaded. */
export function RngTabs({ selected, onSelect, children }: RngTabsProps) {
  const { t } = useTranslation();
  const base = useId();
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = rngClassifications.indexOf(selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: rngClassifications.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const count = rngClassifications.length;
    const next = rngClassifications[(target + count) % count];
    if (!next) return;
    onSelect(next);
    list.current?.querySelector<HTMLButtonElement>(`[data-tab="${next}"]`)?.focus();
  }

  return (
    <div className="tabs">
      <div ref={list} role="tablist" aria-label={t('rng.tabs')} className="tabs__list" onKeyDown={onKeyDown}>
        {rngClassifications.map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            id={`${base}-${code}`}
            data-tab={code}
            aria-selected={code === selected}
            aria-controls={`${base}-panel`}
            tabIndex={code === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(code)}
          >
            {t(`rng.${code}`)}
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
