import 'i18next';
import type { NamespaceResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: NamespaceResources;
  }
}
