import { PlaceholderPage } from './placeholder-page.tsx';

/** /seamless: a seamless-wallet game page, header only. */
export function Component() {
  return <PlaceholderPage page="seamless" icon="wallet" variant="standalone" />;
}
