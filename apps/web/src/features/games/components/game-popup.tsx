import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { type GameType, gameListQuery } from '../api/games-api.ts';
import type { useGameActions } from '../hooks/use-game-actions.ts';
import type { GamesSite } from '../lib/site.ts';
import { GameGrid, Pager } from './game-grid.tsx';

type GamePopupProps = {
  vassalage: string;
  gameType: GameType;
  title: string;
  site: GamesSite;
  actions: ReturnType<typeof useGameActions>;
};

/** The game popup of spec §2: the games of a VASSALAGE line (live tables), each launched from here. */
export function GamePopup({ vassalage, gameType, title, site, actions }: GamePopupProps) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    ...gameListQuery({ gameType, vassalage, gameName: '', gameClassify: '', minBet: '', pageNo }),
    placeholderData: keepPreviousData,
  });
  return (
    <ModalWrapper open onClose={actions.closePopup} title={title} size="large">
      {list.isError ? (
        <p className="form-message form-message--error" role="alert">
          {list.error.message}
        </p>
      ) : list.data ? (
        <>
          <GameGrid games={list.data.list} site={site} actions={actions} label={title} fromPopup />
          <Pager pageNo={pageNo} totalPages={list.data.totalPages} onPage={setPageNo} />
        </>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </ModalWrapper>
  );
}
