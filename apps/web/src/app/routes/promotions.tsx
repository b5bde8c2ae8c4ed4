import { PlaceholderPage } from './placeholder-page.tsx';

/** /promotions: the promotions list. */
export function Component() {
  return <PlaceholderPage page="promotions" icon="gift" />;
}
