import { PlaceholderPage } from './placeholder-page.tsx';

/** /fbsports: the sportsbook game page, header only. */
export function Component() {
  return <PlaceholderPage page="fbsports" icon="sports" variant="standalone" />;
}
