import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Switch } from '../../../components/switch.tsx';
import { isoToLocalInput, localInputToIso, localTimeZone } from '../../../lib/datetime.ts';
import { LanguageTabs } from '../../content/components/shared.tsx';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';
import { setText, textLanguages } from './site-texts.ts';

export function MaintenanceSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const m = draft.maintenance;
  const set = (change: Partial<typeof m>) =>
    update((d) => ({ ...d, maintenance: { ...d.maintenance, ...change } }));
  return (
    <Section title={t('settings.maintenance.title')} help={t('settings.maintenance.help')}>
      <Switch
        label={t('settings.maintenance.enabled')}
        checked={m.enabled}
        onChange={(enabled) => set({ enabled })}
        error={errorFor('maintenance.enabled')}
      />
      <LanguageTabs
        languages={textLanguages(draft)}
        value={{ ...m.title, ...m.message }}
        error={errorFor('maintenance.title') ?? errorFor('maintenance.message')}
        render={(language) => (
          <>
            <Field
              label={t('settings.maintenance.pageTitle')}
              error={errorFor(`maintenance.title.${language}`)}
            >
              <input
                className="input"
                name={`maintenance.title.${language}`}
                maxLength={200}
                value={m.title[language] ?? ''}
                onChange={(event) => set({ title: setText(m.title, language, event.target.value) })}
              />
            </Field>
            <Field
              label={t('settings.maintenance.message')}
              error={errorFor(`maintenance.message.${language}`)}
            >
              <textarea
                className="input"
                name={`maintenance.message.${language}`}
                rows={3}
                maxLength={2000}
                value={m.message[language] ?? ''}
                onChange={(event) => set({ message: setText(m.message, language, event.target.value) })}
              />
            </Field>
          </>
        )}
      />
      <div className="inline-field">
        <Field
          label={t('settings.maintenance.endTime')}
          help={t('settings.maintenance.endTimeHelp', { zone: localTimeZone() })}
          error={errorFor('maintenance.endTime')}
        >
          <input
            className="input"
            name="maintenance.endTime"
            type="datetime-local"
            value={isoToLocalInput(m.endTime)}
            onChange={(event) => set({ endTime: localInputToIso(event.target.value) })}
          />
        </Field>
        <button
          type="button"
          className="button"
          disabled={m.endTime === null}
          onClick={() => set({ endTime: null })}
        >
          {t('settings.maintenance.clearEndTime')}
        </button>
      </div>
    </Section>
  );
}
