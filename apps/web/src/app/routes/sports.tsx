import { CategoryPage } from './category-page.tsx';

/** /sports: the sportsbook page. */
export function Component() {
  return <CategoryPage page="sports" icon="sports" gameType="SPORTS" />;
}
