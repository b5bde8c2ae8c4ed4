import { BonusDetails } from './bonus-details.tsx';
import { RewardCentre } from './reward-centre.tsx';

/** The member centre's promotion pages: bonus details and the reward centre. */
export function PromotionsCentrePage({ page }: { page: 'bonusDetails' | 'rewardCenter' }) {
  return page === 'bonusDetails' ? <BonusDetails /> : <RewardCentre />;
}
