import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, FormMessage } from '../../../components/form-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { usePasswordCheck } from '../../../lib/registration-settings.ts';
import { writeStorage } from '../../../lib/storage.ts';

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword', string>>;

/** POST /wps/member/password (§4): the old password only when one is held; the new one by the password rule. */
export function ChangePasswordForm({
  hasPassword,
  onChanged,
}: {
  hasPassword: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const checkPassword = usePasswordCheck();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form"
      noValidate
      aria-label={t('security.changePassword')}
      onSubmit={async (event) => {
        event.preventDefault();
        const found: Errors = {};
        if (hasPassword && !oldPassword) found.oldPassword = t('auth.errors.passwordRequired');
        const ruleProblem = checkPassword(newPassword);
        if (ruleProblem) found.newPassword = ruleProblem;
        if (confirm !== newPassword) found.confirmNewPassword = t('auth.errors.inconsistentTwice');
        setErrors(found);
        setMessage(null);
        if (Object.keys(found).length > 0) return;
        setBusy(true);
        try {
          await api<null>('/wps/member/password', {
            method: 'POST',
            body: { ...(hasPassword ? { oldPassword } : {}), newPassword, confirmNewPassword: confirm },
          });
          writeStorage('session', 'cpw', null);
          setOldPassword('');
          setNewPassword('');
          setConfirm('');
          await queryClient.invalidateQueries({ queryKey: [memberQueryRoot] });
          onChanged();
        } catch (error) {
          if (error instanceof ApiError) {
            const fields = Array.isArray(error.body.fields)
              ? (error.body.fields as { field: string; message: string }[])
              : [];
            const first = fields[0];
            if (first) setErrors({ newPassword: first.message });
            else if (error.field === 'oldPassword' || error.errorCode === 'old_password_incorrect')
              setErrors({ oldPassword: error.message });
            else if (error.field === 'confirmNewPassword') setErrors({ confirmNewPassword: error.message });
            else if (error.field === 'newPassword') setErrors({ newPassword: error.message });
            else setMessage(error.message);
          } else setMessage(t('errors.network'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {hasPassword ? (
        <FormField
          label={t('security.oldPassword')}
          type="password"
          value={oldPassword}
          onChange={setOldPassword}
          error={errors.oldPassword}
          required
          autoComplete="current-password"
        />
      ) : null}
      <NewPasswordFields
        password={newPassword}
        confirm={confirm}
        onPassword={setNewPassword}
        onConfirm={setConfirm}
        errors={{ password: errors.newPassword, confirm: errors.confirmNewPassword }}
      />
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('security.savePassword')}
        </button>
      </div>
    </form>
  );
}
