import { CategoryPage } from './category-page.tsx';

/** /live: the live casino page. */
export function Component() {
  return <CategoryPage page="live" icon="live" gameType="LIVE" />;
}
