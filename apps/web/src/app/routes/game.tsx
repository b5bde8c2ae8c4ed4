import { useTranslation } from 'react-i18next';
import { GameFrame } from '../../features/games/components/game-frame.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGamesSite } from '../use-games-site.ts';

/** /game: the game iframe page, header only. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.game.title'));
  return <GameFrame site={useGamesSite()} />;
}
