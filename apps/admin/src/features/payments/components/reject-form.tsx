import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for the reason before a rejection is sent. */
export function RejectForm({
  order,
  busy,
  onReject,
}: {
  order: string;
  busy: boolean;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <button type="button" className="button button-danger button-small" onClick={() => setOpen(true)}>
        {t('payments.reject')}
      </button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onReject(reason.trim());
  };
  return (
    <form className="inline-field" onSubmit={submit}>
      <input
        className="input"
        aria-label={t('payments.rejectReasonLabel', { order })}
        value={reason}
        maxLength={500}
        required
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="button button-danger button-small" disabled={busy}>
        {t('payments.confirmReject', { order })}
      </button>
      <button type="button" className="button button-small" onClick={() => setOpen(false)}>
        {t('payments.cancel')}
      </button>
    </form>
  );
}
