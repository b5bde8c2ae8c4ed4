import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Switch } from '../../../components/switch.tsx';
import { homeLoginFlag } from '../utils/module-flags.ts';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';

/** A number input's value as an integer, or NaN kept as typed so the server names the field. */
function integer(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export function AccessSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Section title={t('settings.access.title')} help={t('settings.access.help')}>
      <Switch
        label={t(`settings.modules.${homeLoginFlag}.label`)}
        help={t(`settings.modules.${homeLoginFlag}.help`)}
        checked={draft.modules[homeLoginFlag]}
        onChange={(on) => update((d) => ({ ...d, modules: { ...d.modules, [homeLoginFlag]: on } }))}
        error={errorFor(`modules.${homeLoginFlag}`)}
      />
      <div className="grid-2">
        <Field
          label={t('settings.access.sessionIdleMinutes')}
          help={t('settings.access.sessionIdleHelp')}
          error={errorFor('sessionIdleMinutes')}
        >
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            step={1}
            value={Number.isNaN(draft.sessionIdleMinutes) ? '' : draft.sessionIdleMinutes}
            onChange={(event) => update((d) => ({ ...d, sessionIdleMinutes: integer(event.target.value) }))}
          />
        </Field>
        <Field
          label={t('settings.access.minimumAge')}
          help={t('settings.access.minimumAgeHelp')}
          error={errorFor('minimumAge')}
        >
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={16}
            max={25}
            step={1}
            value={Number.isNaN(draft.minimumAge) ? '' : draft.minimumAge}
            onChange={(event) => update((d) => ({ ...d, minimumAge: integer(event.target.value) }))}
          />
        </Field>
      </div>
    </Section>
  );
}
