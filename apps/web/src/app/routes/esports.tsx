import { CategoryPage } from './category-page.tsx';

/** /esports: the esports page. */
export function Component() {
  return <CategoryPage page="esports" icon="esports" gameType="ESPORTS" />;
}
