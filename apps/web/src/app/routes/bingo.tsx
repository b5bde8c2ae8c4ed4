import { CategoryPage } from './category-page.tsx';

/** /bingo: the bingo games (classification BG of the slots lines). */
export function Component() {
  return <CategoryPage page="bingo" icon="bingo" gameType="RNG" fixedClassification="BG" />;
}
