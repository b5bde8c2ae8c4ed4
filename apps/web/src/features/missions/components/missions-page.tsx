import './missions.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissionLeaderboard } from './mission-leaderboard.tsx';
import { MissionList } from './mission-list.tsx';

/** missionLeaderboard (§2): the running missions with their progress and claims, and the leaderboard. */
export function MissionsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'missions' });
  const [tab, setTab] = useState<'missions' | 'leaderboard'>('missions');
  return (
    <div className="missions">
      <div className="segmented" role="tablist" aria-label={t('tabs')}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'missions'}
          onClick={() => setTab('missions')}
        >
          {t('tabMissions')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'leaderboard'}
          onClick={() => setTab('leaderboard')}
        >
          {t('tabLeaderboard')}
        </button>
      </div>
      <div role="tabpanel" aria-label={tab === 'missions' ? t('tabMissions') : t('tabLeaderboard')}>
        {tab === 'missions' ? <MissionList /> : <MissionLeaderboard />}
      </div>
    </div>
  );
}
