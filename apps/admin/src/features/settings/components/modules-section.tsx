import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/switch.tsx';
import { featureFlags } from '../utils/module-flags.ts';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';

export function ModulesSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Section title={t('settings.modules.title')} help={t('settings.modules.help')}>
      <div className="switch-list">
        {featureFlags.map((flag) => (
          <Switch
            key={flag}
            label={t(`settings.modules.${flag}.label`)}
            help={t(`settings.modules.${flag}.help`)}
            checked={draft.modules[flag]}
            onChange={(on) => update((d) => ({ ...d, modules: { ...d.modules, [flag]: on } }))}
            error={errorFor(`modules.${flag}`)}
          />
        ))}
      </div>
    </Section>
  );
}
