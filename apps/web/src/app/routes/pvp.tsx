import { CategoryPage } from './category-page.tsx';

/** /pvp: the card games page. */
export function Component() {
  return <CategoryPage page="pvp" icon="cards" gameType="PVP" />;
}
