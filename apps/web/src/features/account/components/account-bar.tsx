import { agentTypes, TRIAL_TYPE } from '@tala/contracts/member-types';
import { formatMoney } from '@tala/contracts/money-format';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { openOverlay } from '../../../lib/overlays.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import {
  avatarQuery,
  balanceQuery,
  countsQuery,
  memberInfoQuery,
  type WalletBalance,
} from '../api/account-api.ts';

const HIDE_KEY = 'balanceHidden';

/** §9: amounts with thousands separators and no decimals; minor units are cut, never rounded up. */
export function formatBalance(balance: WalletBalance, locale: string): string {
  return formatMoney(balance.sumBalance, { ...balance, displayDecimals: 0 }, locale);
}

/** Whether a member type may open the agent centre (§6: 1, 2, 41, 42). */
export function isAgentType(type: number | undefined): boolean {
  return type !== undefined && (agentTypes as readonly number[]).includes(type);
}

/** Opens a member-centre page, or the warning when the member may not (§6: trial members). */
export function openMemberCentre(type: number | undefined, page?: string) {
  if (type === TRIAL_TYPE) openOverlay({ kind: 'needTrueAccount' });
  else openOverlay(page ? { kind: 'memberCentre', page } : { kind: 'memberCentre' });
}

/** Header top once logged in (§2): deposit, balance with refresh and hide/show, avatar with its account menu. */
export function AccountBar({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const info = useQuery(memberInfoQuery(token));
  const balance = useQuery(balanceQuery(token));
  const avatar = useQuery(avatarQuery(token));
  const counts = useQuery({
    ...countsQuery(token),
    enabled: info.data !== undefined && info.data.type !== TRIAL_TYPE,
  });
  const [hidden, setHidden] = useState(() => readStorage('local', HIDE_KEY) === '1');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const type = info.data?.type;
  const unclaimed = counts.data?.unclaimed ?? 0;

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key === 'Escape') setMenuOpen(false);
        return;
      }
      if (!wrapper.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    wrapper.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

  const choose = (action: () => void) => () => {
    setMenuOpen(false);
    action();
  };
  const amount = balance.data ? formatBalance(balance.data, localeOf(language)) : '…';

  return (
    <div className="account-bar">
      <button
        type="button"
        className="btn btn-accent account-bar__deposit"
        aria-label={t('account.deposit')}
        onClick={() => openMemberCentre(type, 'depositv2')}
      >
        <Icon name="plus" size={16} />
        <span>{t('account.deposit')}</span>
      </button>
      <div className="account-bar__balance">
        <button
          type="button"
          className="account-bar__amount"
          aria-label={t('account.refreshBalance')}
          aria-busy={balance.isFetching}
          onClick={() => void balance.refetch()}
        >
          <Icon name="wallet" size={16} />
          <span data-testid="balance">{hidden ? '***' : amount}</span>
          <Icon name="refresh" size={14} className={balance.isFetching ? 'spin' : undefined} />
        </button>
        <button
          type="button"
          className="icon-button account-bar__hide"
          aria-label={t('account.hideBalance')}
          aria-pressed={hidden}
          onClick={() => {
            writeStorage('local', HIDE_KEY, hidden ? null : '1');
            setHidden(!hidden);
          }}
        >
          <Icon name={hidden ? 'eyeOff' : 'eye'} size={18} />
        </button>
      </div>
      <div className="account-bar__menu" ref={wrapper}>
        <button
          type="button"
          className="account-bar__avatar"
          aria-label={unclaimed > 0 ? t('account.menuWithCount', { count: unclaimed }) : t('account.menu')}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={() => setMenuOpen((v) => !v)}
        >
          {avatar.data ? (
            <img src={avatar.data.avatar} alt="" width={36} height={36} />
          ) : (
            <Icon name="user" />
          )}
          {unclaimed > 0 ? (
            <span className="count-badge" aria-hidden="true">
              {unclaimed > 99 ? '99+' : unclaimed}
            </span>
          ) : null}
        </button>
        {menuOpen ? (
          <div id={menuId} className="account-menu" role="menu" aria-label={t('account.menu')}>
            <div className="account-menu__who" role="presentation">
              <strong>{info.data?.nickname || info.data?.account}</strong>
              <span>
                {type === TRIAL_TYPE
                  ? t('account.trial')
                  : t('account.vip', { level: info.data?.vipLevel ?? 0 })}
              </span>
            </div>
            <button type="button" role="menuitem" onClick={choose(() => openMemberCentre(type))}>
              <Icon name="user" size={18} />
              {t('account.memberCentre')}
            </button>
            {isAgentType(type) ? (
              <button
                type="button"
                role="menuitem"
                onClick={choose(() => openOverlay({ kind: 'agentCentre' }))}
              >
                <Icon name="people" size={18} />
                {t('account.agentCentre')}
              </button>
            ) : null}
            <button type="button" role="menuitem" onClick={choose(() => openMemberCentre(type, 'withdraw'))}>
              <Icon name="arrowUp" size={18} />
              {t('memberCentre.pages.withdraw')}
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={choose(() => openMemberCentre(type, 'transactionHistory'))}
            >
              <Icon name="list" size={18} />
              {t('memberCentre.pages.transactionHistory')}
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={choose(() => openMemberCentre(type, 'personalHistoryCopy'))}
            >
              <Icon name="ticket" size={18} />
              {t('memberCentre.pages.personalHistoryCopy')}
            </button>
            <button type="button" role="menuitem" onClick={choose(() => openOverlay({ kind: 'logout' }))}>
              <Icon name="logout" size={18} />
              {t('account.logout')}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
