import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Switch } from '../../../components/switch.tsx';
import { isoToLocalInput, localInputToIso, localTimeZone } from '../../../lib/datetime.ts';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';

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
      <Field label={t('settings.maintenance.pageTitle')} error={errorFor('maintenance.title')}>
        <input
          className="input"
          name="maintenance.title"
          maxLength={200}
          value={m.title}
          onChange={(event) => set({ title: event.target.value })}
        />
      </Field>
      <Field label={t('settings.maintenance.message')} error={errorFor('maintenance.message')}>
        <textarea
          className="input"
          name="maintenance.message"
          rows={3}
          maxLength={2000}
          value={m.message}
          onChange={(event) => set({ message: event.target.value })}
        />
      </Field>
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
