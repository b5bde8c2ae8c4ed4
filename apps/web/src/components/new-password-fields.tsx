import { useTranslation } from 'react-i18next';
import { FormField } from './form-field.tsx';

type NewPasswordFieldsProps = {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string | undefined; confirm?: string | undefined };
};

/** A new password and its confirmation: the change, reset-by-phone and reset-link forms all ask them so. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={t('auth.newPassword')}
        type="password"
        value={password}
        onChange={onPassword}
        error={errors.password}
        required
        autoComplete="new-password"
      />
      <FormField
        label={t('auth.confirmPassword')}
        type="password"
        value={confirm}
        onChange={onConfirm}
        error={errors.confirm}
        required
        autoComplete="new-password"
      />
    </>
  );
}
