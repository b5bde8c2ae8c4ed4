import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { setNickname } from '../api/security-api.ts';

const MAX_NICKNAME = 30;

/** The nickname with an edit button; the editor checks 1-30 characters before asking the server. */
export function NicknameEditor({ nickname }: { nickname: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(nickname ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!editing)
    return (
      <div className="security__line">
        <div>
          <p className="security__label">{t('security.nickname')}</p>
          <p className="security__value">{nickname ?? t('security.notSet')}</p>
          {saved ? <FormMessage tone="success">{t('security.nicknameSaved')}</FormMessage> : null}
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setValue(nickname ?? '');
            setError(undefined);
            setSaved(false);
            setEditing(true);
          }}
        >
          {t('security.editNickname')}
        </button>
      </div>
    );

  return (
    <form
      className="form security__editor"
      noValidate
      aria-label={t('security.editNickname')}
      onSubmit={async (event) => {
        event.preventDefault();
        const trimmed = value.trim();
        if (!trimmed || trimmed.length > MAX_NICKNAME) {
          setError(t('security.nicknameInvalid', { max: MAX_NICKNAME }));
          return;
        }
        setBusy(true);
        try {
          await setNickname(trimmed);
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
        label={t('security.nickname')}
        value={value}
        onChange={setValue}
        error={error}
        required
        maxLength={MAX_NICKNAME + 10}
        autoComplete="nickname"
      />
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
