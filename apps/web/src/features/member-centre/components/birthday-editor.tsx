import { MINIMUM_AGE } from '@tala/contracts/members';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { setBirthday } from '../api/security-api.ts';

/** A calendar day shown in the reader's language, read as a date and not an instant (no time zone shift). */
function dayText(day: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * The birthday (spec §3's profile field, needed for a birthday bonus): given once, since a bonus must not move from
 * week to week; the member is told so before saving, and that customer service corrects a mistake.
 */
export function BirthdayEditor({ birthday }: { birthday: string | null }) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const latest = new Date();
  latest.setFullYear(latest.getFullYear() - MINIMUM_AGE);
  const max = latest.toISOString().slice(0, 10);

  if (!editing)
    return (
      <div className="security__line">
        <div>
          <p className="security__label">{t('security.birthday')}</p>
          <p className="security__value">{birthday ? dayText(birthday, locale) : t('security.notSet')}</p>
          {saved ? <FormMessage tone="success">{t('security.birthdaySaved')}</FormMessage> : null}
          {birthday ? <p className="security__hint">{t('security.birthdayFixed')}</p> : null}
        </div>
        {birthday ? null : (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setError(undefined);
              setSaved(false);
              setEditing(true);
            }}
          >
            {t('security.addBirthday')}
          </button>
        )}
      </div>
    );

  return (
    <form
      className="form security__editor"
      noValidate
      aria-label={t('security.addBirthday')}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
          setError(t('security.birthdayInvalid'));
          return;
        }
        if (value > max) {
          setError(t('security.birthdayUnderAge', { age: MINIMUM_AGE }));
          return;
        }
        setBusy(true);
        try {
          await setBirthday(value);
          await queryClient.invalidateQueries({ queryKey: [memberQueryRoot] });
          setEditing(false);
          setSaved(true);
        } catch (caught) {
          setError(caught instanceof ApiError ? caught.message : t('errors.network'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormField
        label={t('security.birthday')}
        type="date"
        value={value}
        onChange={setValue}
        error={error}
        required
        min="1900-01-01"
        max={max}
        autoComplete="bday"
      />
      <p className="security__hint">{t('security.birthdayOnce')}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)}>
          {t('security.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('security.save')}
        </button>
      </div>
    </form>
  );
}
