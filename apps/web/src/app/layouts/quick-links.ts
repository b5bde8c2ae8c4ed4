import type { IconName } from '../../components/icons.tsx';
import { paths } from '../../config/paths.ts';

/** The side menu's entries: the site's areas outside the game categories. */
export const quickLinks: {
  key: 'promotions' | 'pointMall' | 'notices' | 'help' | 'join' | 'download';
  to: string;
  icon: IconName;
}[] = [
  { key: 'promotions', to: paths.promotions, icon: 'gift' },
  { key: 'pointMall', to: paths.pointMall, icon: 'bag' },
  { key: 'notices', to: paths.noticePage, icon: 'megaphone' },
  { key: 'help', to: paths.help, icon: 'help' },
  { key: 'join', to: paths.join, icon: 'people' },
  { key: 'download', to: paths.down, icon: 'download' },
];
