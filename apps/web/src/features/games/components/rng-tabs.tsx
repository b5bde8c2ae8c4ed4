import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/tabs.tsx';
import { type RngClassification, rngClassifications } from '../../../config/categories.ts';

type RngTabsProps = {
  selected: RngClassification;
  onSelect: (tab: RngClassification) => void;
  children: ReactNode;
};

/** The RNG classification tabs of /rng; the selected tab comes from ?page= so it can be linked and reloaded. */
export function RngTabs({ selected, onSelect, children }: RngTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      tabs={rngClassifications.map((code) => ({ id: code, label: t(`rng.${code}`) }))}
      selected={selected}
      onSelect={onSelect}
      label={t('rng.tabs')}
    >
      {children}
    </Tabs>
  );
}
