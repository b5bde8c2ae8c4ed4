import type { Operator } from '@tala/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { money } from '../../../lib/money.ts';
import { type AdminPromotion, useCostReport, usePromotions } from '../api/promotions.ts';
import { promotionRoles } from '../lib/roles.ts';
import { ApplicationQueue } from './application-queue.tsx';
import { ManualBonuses } from './manual-bonuses.tsx';
import { PromotionEditor } from './promotion-editor.tsx';

export const promotionTabs = ['list', 'applications', 'manual', 'report'] as const;
export type PromotionTab = (typeof promotionTabs)[number];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Promotions in the back office: the builder and list, and the cost report. */
export function PromotionsPage({
  operator,
  merchantCode,
  tab,
  href,
}: {
  operator: Operator;
  merchantCode: string;
  tab: PromotionTab;
  href: (merchantCode: string, tab: PromotionTab) => string;
}) {
  const { t } = useTranslation();
  const tabs = promotionTabs.filter((name) => name !== 'report' || promotionRoles.report(operator.role));
  return (
    <div className="stack">
      <nav className="tabs" aria-label={t('promotions.title')}>
        {tabs.map((name) => (
          <NavLink key={name} to={href(merchantCode, name)} className="tab">
            {t(`promotions.tabs.${name}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'list' ? (
        <PromotionList merchantCode={merchantCode} mayBuild={promotionRoles.build(operator.role)} />
      ) : null}
      {tab === 'applications' ? (
        <ApplicationQueue merchantCode={merchantCode} mayDecide={promotionRoles.decide(operator.role)} />
      ) : null}
      {tab === 'manual' ? (
        <ManualBonuses merchantCode={merchantCode} mayDecide={promotionRoles.decide(operator.role)} />
      ) : null}
      {tab === 'report' && promotionRoles.report(operator.role) ? (
        <CostReport merchantCode={merchantCode} />
      ) : null}
    </div>
  );
}

function PromotionList({ merchantCode, mayBuild }: { merchantCode: string; mayBuild: boolean }) {
  const { t } = useTranslation();
  const list = usePromotions(merchantCode);
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const [saved, setSaved] = useState(false);
  if (editing !== null) {
    return (
      <PromotionEditor
        key={editing === 'new' ? 'new' : editing.id}
        merchantCode={merchantCode}
        promotion={editing === 'new' ? null : editing}
        onDone={() => {
          setEditing(null);
          setSaved(true);
        }}
      />
    );
  }
  return (
    <div className="stack">
      {saved ? <Notice tone="success">{t('promotions.saved')}</Notice> : null}
      {mayBuild ? (
        <div>
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            {t('promotions.new')}
          </button>
        </div>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <DataTable
          caption={t('promotions.title')}
          columns={[
            t('promotions.columns.title'),
            t('promotions.columns.kind'),
            t('promotions.columns.period'),
            t('promotions.columns.state'),
            t('promotions.columns.spent'),
            t('promotions.columns.claims'),
            { label: t('promotions.columns.actions'), hidden: true },
          ]}
          rows={list.data}
          empty={t('promotions.empty')}
          row={(p) => (
            <tr key={p.id}>
              <td data-label={t('promotions.columns.title')}>{p.texts.EN?.title}</td>
              <td data-label={t('promotions.columns.kind')}>{t(`promotions.kinds.${p.kind}`)}</td>
              <td data-label={t('promotions.columns.period')}>
                {formatDateTime(p.startsAt, currentLocale())} – {formatDateTime(p.endsAt, currentLocale())}
              </td>
              <td data-label={t('promotions.columns.state')}>
                {p.enabled ? t('promotions.on') : t('promotions.off')}
              </td>
              <td data-label={t('promotions.columns.spent')}>
                {money(p.spent)}
                {p.budget === null ? '' : ` / ${money(p.budget)}`}
              </td>
              <td data-label={t('promotions.columns.claims')}>{p.claims}</td>
              <td data-label={t('promotions.columns.actions')}>
                {mayBuild ? (
                  <button type="button" className="button button-small" onClick={() => setEditing(p)}>
                    {t('promotions.edit')}
                  </button>
                ) : null}
              </td>
            </tr>
          )}
        />
      ) : null}
    </div>
  );
}

/** Bonus paid, wagering met and forfeited, by promotion and day. */
function CostReport({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => {
    const today = new Date();
    return { from: isoDay(new Date(today.getTime() - 30 * 86_400_000)), to: isoDay(today) };
  });
  const report = useCostReport(merchantCode, range);
  const rows = report.data?.rows ?? [];
  const paid = rows.reduce((sum, r) => sum + r.paid, 0);
  const back = rows.reduce((sum, r) => sum + r.forfeitedAmount, 0);
  return (
    <div className="stack">
      <div className="filters">
        <Field label={t('promotions.report.from')}>
          <input
            className="input"
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </Field>
        <Field label={t('promotions.report.to')}>
          <input
            className="input"
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </Field>
      </div>
      {report.isPending ? <Loading /> : null}
      {report.isError ? <LoadError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.data ? (
        <>
          <p className="muted">{t('promotions.report.total', { paid: money(paid), back: money(back) })}</p>
          <DataTable
            caption={t('promotions.report.title')}
            columns={[
              t('promotions.report.day'),
              t('promotions.columns.title'),
              t('promotions.columns.claims'),
              t('promotions.report.paid'),
              t('promotions.report.completed'),
              t('promotions.report.forfeited'),
              t('promotions.report.forfeitedAmount'),
            ]}
            rows={rows}
            empty={t('promotions.report.empty')}
            row={(r) => (
              <tr key={`${r.day}-${r.source}-${r.promotionId}`}>
                <td data-label={t('promotions.report.day')}>{r.day}</td>
                <td data-label={t('promotions.columns.title')}>
                  {r.source === 'promotion' ? r.title : t(`promotions.report.sources.${r.source}`)}
                </td>
                <td data-label={t('promotions.columns.claims')}>{r.claims}</td>
                <td data-label={t('promotions.report.paid')}>{money(r.paid)}</td>
                <td data-label={t('promotions.report.completed')}>
                  {r.completed} ({money(r.completedAmount)})
                </td>
                <td data-label={t('promotions.report.forfeited')}>{r.forfeited}</td>
                <td data-label={t('promotions.report.forfeitedAmount')}>{money(r.forfeitedAmount)}</td>
              </tr>
            )}
          />
        </>
      ) : null}
    </div>
  );
}
