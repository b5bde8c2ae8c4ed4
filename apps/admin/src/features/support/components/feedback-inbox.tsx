import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { MerchantFilter } from '../../../components/merchant-scope.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthorisedImage } from '../../../lib/authorised-image.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import {
  type AdminFeedback,
  type FeedbackFilter,
  useAnswerFeedback,
  useFeedbackInbox,
} from '../api/feedback.ts';

/** Members' feedback, open first by default; an answer reaches the member as a platform message. */
export function FeedbackInbox() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FeedbackFilter>({ pageNo: 1, status: 'open', merchantCode: '' });
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useFeedbackInbox(filter);
  const set = (change: Partial<FeedbackFilter>) => {
    setOpenId(null);
    setFilter((f) => ({ ...f, ...change, pageNo: 1 }));
  };
  const selected = query.data?.list.find((f) => f.id === openId) ?? null;

  return (
    <div className="stack">
      <div className="card filters">
        <Field label={t('common.status')}>
          <select
            className="input"
            value={filter.status}
            onChange={(event) => set({ status: event.target.value as FeedbackFilter['status'] })}
          >
            <option value="">{t('common.any')}</option>
            <option value="open">{t('feedback.statuses.open')}</option>
            <option value="answered">{t('feedback.statuses.answered')}</option>
          </select>
        </Field>
        <Field label={t('common.merchant')}>
          <MerchantFilter value={filter.merchantCode} onChange={(merchantCode) => set({ merchantCode })} />
        </Field>
      </div>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          {query.data.list.length === 0 ? <p className="empty card">{t('feedback.empty')}</p> : null}
          <ul className="item-list" aria-label={t('feedback.title')}>
            {query.data.list.map((item) => (
              <li key={item.id} className="item">
                <div className="item-main">
                  <strong>
                    {t(`feedback.types.${item.questionType as 'other'}`, { defaultValue: item.questionType })}
                  </strong>{' '}
                  <span className="muted">
                    · {item.memberAccount} · {item.merchantCode} ·{' '}
                    {formatDateTime(item.createdAt, currentLocale())}
                  </span>
                  <p className="feedback-text">{excerpt(item.content)}</p>
                </div>
                <span className={`badge ${item.status === 'open' ? 'badge-changed' : 'badge-on'}`}>
                  {t(`feedback.statuses.${item.status}`)}
                </span>
                <button
                  type="button"
                  className="button button-small"
                  aria-expanded={openId === item.id}
                  onClick={() => setOpenId(openId === item.id ? null : item.id)}
                >
                  {openId === item.id
                    ? t('feedback.close')
                    : t('feedback.open', { account: item.memberAccount })}
                </button>
              </li>
            ))}
          </ul>
          {selected ? <FeedbackDetail key={selected.id} item={selected} /> : null}
          <Pager
            pageNo={query.data.pageNo}
            totalPages={query.data.totalPages}
            total={query.data.total}
            onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
          />
        </>
      ) : null}
    </div>
  );
}

const excerpt = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text);

function FeedbackDetail({ item }: { item: AdminFeedback }) {
  const { t } = useTranslation();
  const answer = useAnswerFeedback();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const done = answer.data ?? item;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    answer.mutate({ id: item.id, answer: text.trim() });
  }
  const serverError =
    answer.error instanceof ApiError && answer.error.field === 'answer' ? answer.error.message : undefined;

  return (
    <section className="card section" aria-labelledby={`feedback-${item.id}`}>
      <header className="section-header">
        <h2 id={`feedback-${item.id}`}>{t('feedback.from', { account: item.memberAccount })}</h2>
        <p className="muted">
          {item.merchantCode} · {item.language} · {item.ip ?? '—'} ·{' '}
          {formatDateTime(item.createdAt, currentLocale())}
        </p>
      </header>
      <p className="feedback-text">{item.content}</p>
      {item.imageUrls.length > 0 ? (
        <div className="item-actions">
          {item.imageUrls.map((url, index) => (
            <FeedbackImage key={url} path={url} alt={t('feedback.image', { n: index + 1 })} />
          ))}
        </div>
      ) : null}
      {done.status === 'answered' ? (
        <div className="stack">
          {answer.isSuccess ? <Notice tone="success">{t('feedback.answered')}</Notice> : null}
          <h3>{t('feedback.answerBy', { name: done.answeredBy ?? '—' })}</h3>
          <p className="answer-box">{done.answer}</p>
        </div>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          {answer.isError && !serverError ? <Notice tone="error">{answer.error.message}</Notice> : null}
          <Field
            label={t('feedback.answer')}
            help={t('feedback.answerHelp')}
            error={missing ? t('feedback.answerRequired') : serverError}
          >
            <textarea
              className="input"
              rows={4}
              maxLength={5000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Field>
          <div>
            <button type="submit" className="button button-primary" disabled={answer.isPending}>
              {answer.isPending ? t('common.saving') : t('feedback.send')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function FeedbackImage({ path, alt }: { path: string; alt: string }) {
  const url = useAuthorisedImage(path);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="thumb-large" src={url} alt={alt} />
    </a>
  ) : (
    <span className="muted">{alt}</span>
  );
}
