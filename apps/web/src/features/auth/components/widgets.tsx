import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottle } from '../../../components/code-fields.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icons.tsx';
import { getCaptcha } from '../api/auth-api.ts';

type CaptchaFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Bumped by the form after each submit: a captcha is used up by its first check. */
  generation: number;
};

/** The captcha input with its image from GET /wps/captcha; a click on the image loads a new one. */
export function CaptchaField({ value, onChange, error, generation }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const throttle = useThrottle();
  const load = useCallback(async () => {
    try {
      setImage(await getCaptcha());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation asks for a new image
  useEffect(() => {
    void load();
    onChange('');
  }, [generation, load]);
  return (
    <FormField
      label={t('auth.captcha')}
      value={value}
      onChange={onChange}
      error={error ?? (failed ? t('auth.errors.captchaLoad') : undefined)}
      required
      autoComplete="off"
      maxLength={16}
      addon={
        <button
          type="button"
          className="captcha-image"
          aria-label={t('auth.refreshCaptcha')}
          onClick={() => {
            if (throttle()) void load();
          }}
        >
          {image ? <img src={image} alt="" /> : <Icon name="refresh" />}
        </button>
      }
    />
  );
}
