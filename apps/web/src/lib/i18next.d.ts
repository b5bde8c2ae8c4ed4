import 'i18next';
import type en from '../locales/en.json';
import type enDeferred from '../locales/en-deferred.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en & typeof enDeferred };
  }
}
