import './seamless-wallet.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { readStorage } from '../../../lib/storage.ts';
import { balanceQuery } from '../api/account-api.ts';
import { formatBalance } from './account-bar.tsx';

/** How often the balance is read while a seamless game runs: its bets and wins land on the main wallet. */
const REFRESH_MS = 10_000;

/**
 * The main wallet beside a seamless vendor's game (/seamless): the vendor debits bets and credits wins on it
 * directly, so it is read again while the game runs (the header's balance follows, as it is the same query).
 * The amount stays masked when the member hid the balance in the header.
 */
export function SeamlessWallet({ token }: { token: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'routePages.seamless' });
  const language = useLanguage();
  const balance = useQuery({ ...balanceQuery(token), refetchInterval: REFRESH_MS });
  const hidden = readStorage('local', 'balanceHidden') === '1';
  const amount = balance.data ? formatBalance(balance.data, localeOf(language)) : '…';
  return (
    <p className="seamless-wallet" title={t('walletLine')}>
      <Icon name="wallet" size={16} />
      <span>{t('wallet')}</span>
      <strong data-testid="seamless-balance" aria-busy={balance.isFetching}>
        {hidden ? '***' : amount}
      </strong>
      <span className="seamless-wallet__note">{t('walletLine')}</span>
    </p>
  );
}
