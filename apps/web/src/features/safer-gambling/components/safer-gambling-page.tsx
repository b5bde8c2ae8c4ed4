import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/tabs.tsx';
import { useOverlay } from '../../../lib/overlays.ts';
import { type SaferGamblingSection, saferGamblingSections } from '../lib/sections.ts';

/** The member centre's safer-gambling page: one tab per tool (limits, reality checks, breaks, verification, ...). */
export function SaferGamblingPage() {
  const { t } = useTranslation();
  // Another page may open a tool directly (the deposit page opens the limits).
  const overlay = useOverlay();
  const wanted = overlay?.kind === 'memberCentre' ? overlay.section : undefined;
  const [selected, setSelected] = useState<SaferGamblingSection>(
    saferGamblingSections.find((section) => section.id === wanted)?.id ?? saferGamblingSections[0].id,
  );
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
