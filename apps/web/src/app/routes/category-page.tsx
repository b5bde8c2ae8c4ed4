import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconName } from '../../components/icons.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import type { GameType } from '../../features/games/api/games-api.ts';
import { GameLobby } from '../../features/games/components/game-lobby.tsx';
import type en from '../../locales/en.json';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGamesSite } from '../use-games-site.ts';

type CategoryPageProps = {
  page: keyof typeof en.pages;
  icon: IconName;
  gameType: GameType;
  fixedClassification?: string;
  /** Shown between the heading and the lobby (the live studio's tables on /live). */
  before?: (site: ReturnType<typeof useGamesSite>) => ReactNode;
};

/** A game category page (/live, /fish, /pvp, /bingo, /sports, /esports): its heading and the game lobby. */
export function CategoryPage({ page, icon, gameType, fixedClassification, before }: CategoryPageProps) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  useDocumentTitle(title);
  const site = useGamesSite();
  return (
    <div className="page">
      <PageHeading icon={icon} title={title} />
      {before?.(site)}
      <GameLobby gameType={gameType} site={site} {...(fixedClassification ? { fixedClassification } : {})} />
    </div>
  );
}
