import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/tabs.tsx';
import { type SaferGamblingSection, saferGamblingSections } from '../lib/sections.ts';

/** The member centre's safer-gambling page: one tab per tool (limits, reality checks, breaks, verification, ...). */
export function SaferGamblingPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<SaferGamblingSection>(saferGamblingSections[0].id);
  const current =
    saferGamblingSections.find((section) => section.id === selected) ?? saferGamblingSections[0];
  if (!current) return null;
  const Section = current.component;
  return (
    <Tabs
      tabs={saferGamblingSections.map((section) => ({
        id: section.id,
        label: t(`saferGambling.sections.${section.id}`),
      }))}
      selected={current.id}
      onSelect={setSelected}
      label={t('saferGambling.tabs')}
    >
      <Suspense
        fallback={
          <p className="centre__loading" role="status">
            {t('common.loading')}
          </p>
        }
      >
        <Section />
      </Suspense>
    </Tabs>
  );
}
