import type { AuditEntry } from '@tala/contracts/admin';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useAudit } from '../api/get-audit.ts';
import { ChangeDiff } from './change-diff.tsx';

/** The actions the log records (contracts' `auditActions`, kept here as types only so zod stays on the server). */
const actions = [
  'merchant.settings.update',
  'operator.login',
  'operator.login.failed',
  'operator.logout',
  'operator.create',
  'operator.update',
  'member.lock',
  'member.unlock',
  'member.password.force_reset',
  'registration.rules.update',
  'support.feedback.answer',
  'support.chat.take',
  'support.chat.takeover',
  'support.chat.close',
  'merchant.create',
  'merchant.suspend',
  'merchant.resume',
] as const;
/** Whole families of actions, filtered by prefix. */
const families = ['operator', 'member', 'content', 'support'] as const;
type KnownAction = (typeof actions)[number];
const PAGE_SIZE = 20;

export function AuditLog() {
  const { t } = useTranslation();
  const [action, setAction] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const query = useAudit({ pageNo, pageSize: PAGE_SIZE, action });

  const actionLabel = (name: string) =>
    (actions as readonly string[]).includes(name) ? t(`audit.actions.${name as KnownAction}`) : name;
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const hasDocument = (entry: AuditEntry) => entry.before != null || entry.after != null;

  return (
    <div className="stack">
      <div className="toolbar">
        <Field label={t('audit.filter')}>
          <select
            className="input"
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setPageNo(1);
              setOpen(new Set());
            }}
          >
            <option value="">{t('audit.allActions')}</option>
            {families.map((family) => (
              <option key={family} value={`${family}.*`}>
                {t(`audit.families.${family}`)}
              </option>
            ))}
            {actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <div className="table-wrap">
            <table className="table audit-table" aria-busy={query.isFetching}>
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.who')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.ip')}</th>
                  <th scope="col">{t('audit.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.list.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="empty">
                      {t('audit.empty')}
                    </td>
                  </tr>
                ) : null}
                {query.data.list.map((entry) => (
                  <Fragment key={entry.id}>
                    <tr className={open.has(entry.id) ? 'row-open' : undefined}>
                      <td data-label={t('audit.when')}>
                        <time dateTime={entry.at}>{formatDateTime(entry.at, currentLocale())}</time>
                      </td>
                      <td data-label={t('audit.who')}>{entry.operator ?? t('audit.unknownActor')}</td>
                      <td data-label={t('audit.action')}>
                        <div>
                          <span className="action-name">{actionLabel(entry.action)}</span>
                          <code className="action-code">{entry.action}</code>
                        </div>
                      </td>
                      <td data-label={t('audit.target')}>
                        {[entry.merchantCode, entry.target]
                          .filter((v, i, all) => v && all.indexOf(v) === i)
                          .join(' · ') || '—'}
                      </td>
                      <td data-label={t('audit.ip')}>
                        <code>{entry.ip ?? '—'}</code>
                      </td>
                      <td data-label={t('audit.changes')}>
                        {hasDocument(entry) ? (
                          <button
                            type="button"
                            className="button button-small"
                            aria-expanded={open.has(entry.id)}
                            aria-controls={`audit-diff-${entry.id}`}
                            onClick={() => toggle(entry.id)}
                          >
                            {open.has(entry.id) ? t('audit.hideChanges') : t('audit.showChanges')}
                          </button>
                        ) : (
                          <span className="muted">{t('audit.noChanges')}</span>
                        )}
                      </td>
                    </tr>
                    {open.has(entry.id) ? (
                      <tr className="diff-row" id={`audit-diff-${entry.id}`}>
                        <td colSpan={6}>
                          <ChangeDiff before={entry.before} after={entry.after} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            pageNo={query.data.pageNo}
            totalPages={query.data.totalPages}
            total={query.data.total}
            onPage={(page) => {
              setPageNo(page);
              setOpen(new Set());
            }}
          />
        </>
      ) : null}
    </div>
  );
}
