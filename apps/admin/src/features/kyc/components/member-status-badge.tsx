import type { VerificationStatus } from '@tala/contracts/kyc';
import { useTranslation } from 'react-i18next';

const tone: Record<VerificationStatus, string> = {
  unverified: 'badge',
  pending: 'badge badge-vip',
  verified: 'badge badge-on',
  rejected: 'badge badge-off',
};

/** A member's verification status as a coloured badge with its name. */
export function MemberStatusBadge({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation();
  return <span className={tone[status]}>{t(`kyc.memberStatuses.${status}`)}</span>;
}
