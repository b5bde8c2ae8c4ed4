import { chaseStatuses } from '@tala/contracts/lottery';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { type OfficeGame, useLotteryChases } from '../api/lottery-office.ts';

/** Members' chases, newest first: by game, state or member, with what each has bet, won, still holds and returned. */
export function ChasesAdmin({
  merchant,
  games,
  money,
}: {
  merchant: string;
  games: readonly OfficeGame[];
  money: MoneyFormat;
}) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState({ gameCode: '', status: '', member: '', pageNo: 1 });
  const [member, setMember] = useState('');
  const chases = useLotteryChases(merchant, filter);
  const page = chases.data;
  const gameName = (code: string) => games.find((g) => g.gameCode === code)?.name ?? code;
  function search(event: FormEvent) {
    event.preventDefault();
    setFilter({ ...filter, member: member.trim(), pageNo: 1 });
  }
  return (
    <section className="stack" aria-labelledby="lottery-chases">
      <h2 id="lottery-chases">{t('lotteryAdmin.chases.title')}</h2>
      <p className="muted">{t('lotteryAdmin.chases.intro')}</p>
      <form className="filters" onSubmit={search}>
        <Field label={t('lotteryAdmin.game')}>
          <select
            className="input"
            value={filter.gameCode}
            onChange={(e) => setFilter({ ...filter, gameCode: e.target.value, pageNo: 1 })}
          >
            <option value="">{t('lotteryAdmin.chases.anyGame')}</option>
            {games.map((g) => (
              <option key={g.gameCode} value={g.gameCode}>{`${g.name} (${g.gameCode})`}</option>
            ))}
          </select>
        </Field>
        <Field label={t('lotteryAdmin.status')}>
          <select
            className="input"
            value={filter.status}
            onChange={(e) => setFilter({ ...filter, status: e.target.value, pageNo: 1 })}
          >
            <option value="">{t('lotteryAdmin.chases.anyStatus')}</option>
            {chaseStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`lotteryAdmin.chases.status.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('lotteryAdmin.chases.member')} help={t('lotteryAdmin.chases.memberHelp')}>
          <input
            className="input"
            value={member}
            maxLength={64}
            autoComplete="off"
            onChange={(e) => setMember(e.target.value)}
          />
        </Field>
        <button type="submit" className="button">
          {t('lotteryAdmin.chases.search')}
        </button>
      </form>
      {chases.isError ? <Notice tone="error">{chases.error.message}</Notice> : null}
      <DataTable
        caption={t('lotteryAdmin.chases.title')}
        busy={chases.isFetching && chases.isPlaceholderData}
        empty={chases.isPending ? t('lotteryAdmin.loading') : t('lotteryAdmin.chases.empty')}
        columns={[
          t('lotteryAdmin.chases.started'),
          t('lotteryAdmin.chases.member'),
          t('lotteryAdmin.game'),
          t('lotteryAdmin.chases.bet'),
          t('lotteryAdmin.chases.progress'),
          t('lotteryAdmin.chases.total'),
          t('lotteryAdmin.chases.wins'),
          t('lotteryAdmin.chases.held'),
          t('lotteryAdmin.chases.refunded'),
          t('lotteryAdmin.status'),
        ]}
        rows={page?.list ?? []}
        row={(c) => (
          <tr key={c.chaseId}>
            <td data-label={t('lotteryAdmin.chases.started')}>
              {formatDateTime(c.createdAt, i18n.language)}
            </td>
            <td data-label={t('lotteryAdmin.chases.member')}>{c.username}</td>
            <td data-label={t('lotteryAdmin.game')}>
              {gameName(c.gameCode)}
              <br />
              <span className="muted">{t('lotteryAdmin.chases.fromIssue', { issue: c.firstIssueNo })}</span>
            </td>
            <td data-label={t('lotteryAdmin.chases.bet')}>
              <span className="nowrap">
                {t(`lotteryAdmin.betTypeNames.${c.betType}`, { defaultValue: c.betType })}
              </span>
              <br />
              <span className="muted">{c.picks.join(' ')}</span>
              <br />
              <span className="muted">{`${c.lines} × ${money.amount(c.stakePerLine)}`}</span>
            </td>
            <td data-label={t('lotteryAdmin.chases.progress')}>
              {t('lotteryAdmin.chases.progressCount', { placed: c.placed, issues: c.issues })}
              {c.stopOnWin ? (
                <>
                  <br />
                  <span className="muted">{t('lotteryAdmin.chases.stopOnWin')}</span>
                </>
              ) : null}
            </td>
            <td data-label={t('lotteryAdmin.chases.total')}>{money.amount(c.total)}</td>
            <td data-label={t('lotteryAdmin.chases.wins')}>{money.amount(c.winTotal)}</td>
            <td data-label={t('lotteryAdmin.chases.held')}>{money.amount(c.held)}</td>
            <td data-label={t('lotteryAdmin.chases.refunded')}>{money.amount(c.refunded)}</td>
            <td data-label={t('lotteryAdmin.status')}>
              <span className={`badge ${c.status === 'running' ? 'badge-on' : 'badge-off'}`}>
                {t(`lotteryAdmin.chases.status.${c.status}`)}
              </span>
            </td>
          </tr>
        )}
      />
      {page ? (
        <Pager
          pageNo={page.pageNo}
          totalPages={page.totalPages}
          total={page.total}
          onPage={(pageNo: number) => setFilter({ ...filter, pageNo })}
        />
      ) : null}
    </section>
  );
}
