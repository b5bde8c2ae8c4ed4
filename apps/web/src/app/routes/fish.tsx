import { CategoryPage } from './category-page.tsx';

/** /fish: the fishing games page. */
export function Component() {
  return <CategoryPage page="fish" icon="fish" gameType="FISH" />;
}
