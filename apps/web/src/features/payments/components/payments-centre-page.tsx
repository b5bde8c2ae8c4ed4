import './payments.css';
import type { PaymentCentrePage } from '../lib/centre-pages.ts';
import { DepositPage } from './deposit.tsx';
import { MyWallet } from './my-wallet.tsx';
import { TransactionHistory } from './transaction-history.tsx';
import { TransferPage } from './transfers.tsx';
import { WithdrawPage } from './withdraw.tsx';

/** One payment page of the member centre, mounted by the centre's content area. */
export function PaymentsCentrePage({ page, memberType }: { page: PaymentCentrePage; memberType: number }) {
  switch (page) {
    case 'transferFund':
      return <MyWallet />;
    case 'depositv2':
      return <DepositPage />;
    case 'withdraw':
      return <WithdrawPage />;
    case 'transferUpline':
      return <TransferPage memberType={memberType} />;
    case 'transactionHistory':
      return <TransactionHistory />;
  }
}
