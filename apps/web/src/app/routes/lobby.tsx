import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { gameTypeIcons, type LobbyGameType, lobbyGameTypes } from '../../config/categories.ts';
import { GameLobby } from '../../features/games/components/game-lobby.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGamesSite } from '../use-games-site.ts';
import { PlaceholderPage } from './placeholder-page.tsx';

function isGameType(value: string): value is LobbyGameType {
  return (lobbyGameTypes as readonly string[]).includes(value);
}

/** /lobby/:gameType: the game lobby of one game type (the router upper-cases the type first). */
export function Component() {
  const { t } = useTranslation();
  const gameType = useParams().gameType ?? '';
  const known = isGameType(gameType);
  const site = useGamesSite();
  useDocumentTitle(known ? t(`lobby.${gameType}`) : undefined);
  if (!known) return <PlaceholderPage page="notFound" icon="compass" variant="standalone" />;
  return (
    <div className="page">
      <PageHeading icon={gameTypeIcons[gameType]} title={t(`lobby.${gameType}`)} />
      {gameType === 'BINGO' ? (
        <GameLobby gameType="RNG" site={site} fixedClassification="BG" />
      ) : (
        <GameLobby gameType={gameType} site={site} />
      )}
    </div>
  );
}
