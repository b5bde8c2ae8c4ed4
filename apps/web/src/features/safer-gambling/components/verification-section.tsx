import './verification-section.css';
import { type DocumentKind, documentKinds, type MemberVerification } from '@tala/contracts/kyc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { fundsQuery } from '../../../lib/funds.ts';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { money } from '../../../lib/money.ts';
import { uploadDocument, verificationQuery } from '../api/verification-api.ts';

const ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

/**
 * Identity verification (issue 18 item 4): the member's status, what is still needed, an upload per document with
 * its progress, and the reason when a document was refused.
 */
export function VerificationSection() {
  const { t } = useTranslation();
  const verification = useQuery(verificationQuery());
  const funds = useQuery(fundsQuery());
  if (verification.isPending)
    return (
      <p className="centre__loading" role="status">
        {t('common.loading')}
      </p>
    );
  if (verification.isError || !verification.data)
    return (
      <p className="form-message form-message--error" role="alert">
        {verification.error instanceof Error ? verification.error.message : t('errors.badResponse')}
      </p>
    );
  const data = verification.data;
  const threshold = funds.data ? money(data.withdrawalThreshold, funds.data) : null;
  return (
    <section className="verification" aria-labelledby="verification-title">
      <h3 id="verification-title" className="verification__title">
        {t('saferGambling.verification.title')}
      </h3>
      <StatusCard data={data} />
      <p className="verification__intro">{t('saferGambling.verification.intro')}</p>
      {threshold ? (
        <p className="verification__hint">
          {t('saferGambling.verification.threshold', { amount: threshold })}
        </p>
      ) : null}
      {data.status === 'verified' ? null : (
        <ul className="verification__list">
          {documentKinds.map((kind) => (
            <DocumentRow key={kind} kind={kind} data={data} />
          ))}
        </ul>
      )}
      <p className="verification__hint">
        {t('saferGambling.verification.rules', { megabytes: Math.floor(data.maxBytes / 1024 / 1024) })}
      </p>
    </section>
  );
}

function StatusCard({ data }: { data: MemberVerification }) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  return (
    <div className={`verification__status verification__status--${data.status}`} role="status">
      <p className="verification__status-label">
        {t('saferGambling.verification.statusLabel')}{' '}
        <strong>{t(`saferGambling.verification.status.${data.status}`)}</strong>
      </p>
      <p>{t(`saferGambling.verification.statusText.${data.status}`)}</p>
      {data.status === 'verified' && data.verifiedAt ? (
        <p>
          {t('saferGambling.verification.verifiedOn', {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(data.verifiedAt)),
          })}
        </p>
      ) : null}
      {data.status === 'rejected' && data.rejectReason ? (
        <p>
          {t('saferGambling.verification.reasonLabel')}{' '}
          <strong>{t(`saferGambling.verification.reasons.${data.rejectReason}`)}</strong>
          {data.rejectNote ? ` — ${data.rejectNote}` : null}
        </p>
      ) : null}
    </div>
  );
}

function DocumentRow({ kind, data }: { kind: DocumentKind; data: MemberVerification }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const document = data.documents.find((d) => d.kind === kind);
  const state = document?.status ?? 'missing';
  const canUpload = state !== 'approved';
  const label = t(`saferGambling.verification.kinds.${kind}`);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(t('saferGambling.verification.chooseFile'));
      return;
    }
    setError(null);
    setSent(false);
    setProgress(0);
    try {
      const value = await uploadDocument(kind, file, setProgress);
      client.setQueryData(verificationQuery().queryKey, value);
      setSent(true);
      setFile(null);
      (event.target as HTMLFormElement).reset();
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  }

  return (
    <li className="verification__document">
      <div className="verification__document-head">
        <span className="verification__document-name">{label}</span>
        <span className={`verification__badge verification__badge--${state}`}>
          {t(`saferGambling.verification.documentStatus.${state}`)}
        </span>
      </div>
      <p className="verification__hint">{t(`saferGambling.verification.kindHelp.${kind}`)}</p>
      {document?.status === 'rejected' && document.rejectReason ? (
        <p className="verification__reason">
          {t('saferGambling.verification.reasonLabel')}{' '}
          {t(`saferGambling.verification.reasons.${document.rejectReason}`)}
          {document.rejectNote ? ` — ${document.rejectNote}` : null}
        </p>
      ) : null}
      {canUpload ? (
        <form className="verification__form" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="verification__file-label">
            {state === 'pending'
              ? t('saferGambling.verification.replaceFile', { document: label })
              : t('saferGambling.verification.chooseFor', { document: label })}
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="verification__file"
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
              setSent(false);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={progress !== null}>
            {t('saferGambling.verification.upload', { document: label })}
          </button>
          {progress !== null ? (
            <progress
              className="verification__progress"
              max={100}
              value={Math.round(progress * 100)}
              aria-label={t('saferGambling.verification.progress', { document: label })}
            />
          ) : null}
        </form>
      ) : null}
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
      {sent ? (
        <p className="form-message form-message--success" role="status">
          {t('saferGambling.verification.sent')}
        </p>
      ) : null}
    </li>
  );
}
