import { PlaceholderPage } from './placeholder-page.tsx';

/** /pointMall: rewards redeemed with points. */
export function Component() {
  return <PlaceholderPage page="pointMall" icon="bag" />;
}
