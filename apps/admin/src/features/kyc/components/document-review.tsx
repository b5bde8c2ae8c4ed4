import { type RejectReason, rejectReasons } from '@tala/contracts/kyc';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { sessionToken } from '../../../lib/session.ts';
import { kycKey, type ReviewDocument, useReviewAction } from '../api/kyc.ts';
import { MemberStatusBadge } from './member-status-badge.tsx';

/**
 * The document's content, fetched once with the operator's token (each fetch is a view the server audits) and
 * shown from a blob address: an image, or a PDF in the browser's viewer.
 */
function DocumentContent({ document }: { document: ReviewDocument }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let gone = false;
    const controller = new AbortController();
    const token = sessionToken();
    fetch(`/admin-api/kyc/documents/${document.id}/file`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
      cache: 'no-store',
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (gone) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((error) => {
        if (!gone && (error as Error).name !== 'AbortError') setFailed(true);
      });
    return () => {
      gone = true;
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document.id]);
  const name = t('kyc.contentOf', { kind: t(`kyc.kinds.${document.kind}`), member: document.username });
  if (failed) return <Notice tone="error">{t('kyc.contentFailed')}</Notice>;
  if (!url) return <Loading />;
  return (
    <figure className="kyc-viewer">
      {document.contentType === 'application/pdf' ? (
        // The back office's CSP keeps blob frames out, so a PDF opens in the browser's own viewer in a new tab.
        <p>
          <a className="button button-primary" href={url} target="_blank" rel="noreferrer">
            {t('kyc.openPdf', { name })}
          </a>
        </p>
      ) : (
        <img className="kyc-viewer-image" src={url} alt={name} />
      )}
      <figcaption className="muted">
        {t('kyc.viewAudited')}{' '}
        <a href={url} target="_blank" rel="noreferrer">
          {t('kyc.openFull')}
        </a>
      </figcaption>
    </figure>
  );
}

function ApproveForm({ document }: { document: ReviewDocument }) {
  const { t } = useTranslation();
  const action = useReviewAction();
  const [idNumber, setIdNumber] = useState('');
  const needsNumber = document.kind === 'id';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate({
      id: document.id,
      decision: 'approve',
      body: needsNumber ? { idNumber: idNumber.trim() } : {},
    });
  };
  return (
    <form className="stack card" onSubmit={submit} aria-label={t('kyc.approveTitle')}>
      <h3>{t('kyc.approveTitle')}</h3>
      {needsNumber ? (
        <Field
          label={t('kyc.idNumber')}
          help={t('kyc.idNumberHelp')}
          error={action.error instanceof ApiError && action.error.field ? action.error.message : undefined}
        >
          <input
            className="input"
            maxLength={40}
            autoComplete="off"
            value={idNumber}
            onChange={(e) => setIdNumber(e.target.value)}
          />
        </Field>
      ) : (
        <p className="muted">{t('kyc.approveHelp')}</p>
      )}
      {action.isError && !(action.error instanceof ApiError && action.error.field) ? (
        <Notice tone="error">{action.error.message}</Notice>
      ) : null}
      <button type="submit" className="button button-primary" disabled={action.isPending}>
        {t('kyc.approve')}
      </button>
    </form>
  );
}

function RejectForm({ document }: { document: ReviewDocument }) {
  const { t } = useTranslation();
  const action = useReviewAction();
  const [reason, setReason] = useState<RejectReason>('unreadable');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate({ id: document.id, decision: 'reject', body: { reason, note: note.trim() } });
  };
  return (
    <form className="stack card" onSubmit={submit} aria-label={t('kyc.rejectTitle')}>
      <h3>{t('kyc.rejectTitle')}</h3>
      <Field label={t('kyc.reason')}>
        <select className="input" value={reason} onChange={(e) => setReason(e.target.value as RejectReason)}>
          {rejectReasons.map((r) => (
            <option key={r} value={r}>
              {t(`kyc.reasons.${r}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('kyc.note')} help={t('kyc.noteHelp')}>
        <textarea
          className="input"
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      {action.isError ? <Notice tone="error">{action.error.message}</Notice> : null}
      <button type="submit" className="button button-danger" disabled={action.isPending}>
        {t('kyc.reject')}
      </button>
    </form>
  );
}

/** One document: its facts, its content (the view is audited), and the approve and reject forms while pending. */
export function DocumentReview({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...kycKey, 'document', id],
    queryFn: ({ signal }) => api<ReviewDocument>(`/admin-api/kyc/documents/${id}`, { signal }),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const d = query.data;
  return (
    <div className="stack">
      <p>
        <Link to={paths.verification.href()}>‹ {t('kyc.backToQueue')}</Link>
      </p>
      <section className="card stack" aria-labelledby="kyc-document-title">
        <h2 id="kyc-document-title">
          {t(`kyc.kinds.${d.kind}`)} · {d.username}
        </h2>
        <dl className="kyc-facts">
          <dt>{t('common.merchant')}</dt>
          <dd>{d.merchantCode}</dd>
          <dt>{t('kyc.uploaded')}</dt>
          <dd>{formatDateTime(d.uploadedAt, currentLocale())}</dd>
          <dt>{t('kyc.file')}</dt>
          <dd>
            {t(`kyc.types.${d.contentType}`)} · {t('kyc.kilobytes', { kb: Math.ceil(d.sizeBytes / 1024) })}
          </dd>
          <dt>{t('kyc.status')}</dt>
          <dd>
            {t(`kyc.documentStatus.${d.status}`)}
            {d.reviewedBy && d.reviewedAt
              ? ` · ${t('kyc.reviewedBy', { name: d.reviewedBy, at: formatDateTime(d.reviewedAt, currentLocale()) })}`
              : null}
          </dd>
          {d.rejectReason ? (
            <>
              <dt>{t('kyc.reason')}</dt>
              <dd>
                {t(`kyc.reasons.${d.rejectReason}`)}
                {d.rejectNote ? ` — ${d.rejectNote}` : null}
              </dd>
            </>
          ) : null}
          <dt>{t('kyc.memberStatus')}</dt>
          <dd>
            <MemberStatusBadge status={d.memberStatus} />
          </dd>
          {d.idNumber ? (
            <>
              <dt>{t('kyc.idNumber')}</dt>
              <dd>
                <code>{d.idNumber}</code>
              </dd>
            </>
          ) : null}
        </dl>
        <DocumentContent document={d} />
      </section>
      {d.status === 'pending' ? (
        <div className="grid-2">
          <ApproveForm document={d} />
          <RejectForm document={d} />
        </div>
      ) : (
        <Notice tone="info">{t('kyc.decided')}</Notice>
      )}
    </div>
  );
}
