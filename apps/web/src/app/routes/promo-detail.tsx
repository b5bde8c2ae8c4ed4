import { PlaceholderPage } from './placeholder-page.tsx';

/** /promoDetail: one promotion. */
export function Component() {
  return <PlaceholderPage page="promoDetail" icon="ticket" />;
}
