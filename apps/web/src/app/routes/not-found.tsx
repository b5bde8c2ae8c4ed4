import { PlaceholderPage } from './placeholder-page.tsx';

/** Any address the site does not know. */
export function Component() {
  return <PlaceholderPage page="notFound" icon="compass" variant="standalone" />;
}
