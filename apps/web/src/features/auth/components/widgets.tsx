import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getCaptcha } from '../api/auth-api.ts';

/** One action per second at most (§5: code sending and captcha refresh). */
function useThrottle(ms = 1000) {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < ms) return false;
    last.current = now;
    return true;
  }, [ms]);
}

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

type SendCodeButtonProps = {
  /** Sends the code and answers its expiredMinutes; throws an ApiError the caller shows. */
  send: () => Promise<{ expiredMinutes: number }>;
  /** Checked before sending: answers an error text, or null when the number is fine. */
  validate: () => string | null;
  onError: (message: string) => void;
  onSent?: () => void;
};

/** The send-code button: disabled for expiredMinutes × 60 s after a send (§4), one press per second. */
export function SendCodeButton({ send, validate, onError, onSent }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const throttle = useThrottle();
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  return (
    <button
      type="button"
      className="btn btn-secondary code-button"
      disabled={busy || left > 0}
      onClick={async () => {
        if (!throttle()) return;
        const problem = validate();
        if (problem) return onError(problem);
        setBusy(true);
        try {
          const { expiredMinutes } = await send();
          setNow(Date.now());
          setUntil(Date.now() + expiredMinutes * 60_000);
          onSent?.();
        } catch (error) {
          onError(error instanceof ApiError ? error.message : t('errors.network'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </button>
  );
}

type DialingCodePickerProps = {
  value: string;
  codes: string[];
  onChange: (code: string) => void;
};

/** The country dialling-code picker: a listbox that closes 200 ms after focus leaves it (§9). */
export function DialingCodePicker({ value, codes, onChange }: DialingCodePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const leave = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), 200);
  };
  const stay = () => window.clearTimeout(closeTimer.current);
  const choose = (code: string) => {
    onChange(code);
    setOpen(false);
  };
  return (
    <div className="dial-picker">
      <button
        type="button"
        className="dial-picker__button"
        aria-label={t('auth.dialingCode', { code: value })}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((v) => !v)}
        onBlur={leave}
        onFocus={stay}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {value}
      </button>
      {open ? (
        <div id={listId} className="dial-picker__list" role="listbox" aria-label={t('auth.dialingCodes')}>
          {codes.map((code) => (
            <div
              key={code}
              role="option"
              tabIndex={0}
              aria-selected={code === value}
              className="dial-picker__option"
              onBlur={leave}
              onFocus={stay}
              onClick={() => choose(code)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(code);
                }
              }}
            >
              {code}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
