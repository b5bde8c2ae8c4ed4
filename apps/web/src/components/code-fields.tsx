import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';

/** One action per second at most (§5: code sending and captcha refresh). */
export function useThrottle(ms = 1000) {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < ms) return false;
    last.current = now;
    return true;
  }, [ms]);
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
