import about from './locales/en/about.json';
import admin from './locales/en/admin.json';
import common from './locales/en/common.json';
import contact from './locales/en/contact.json';
import extractor from './locales/en/extractor.json';
import fileManager from './locales/en/file-manager.json';
import filePreview from './locales/en/file-preview.json';
import home from './locales/en/home.json';
import integrity from './locales/en/integrity.json';
import privacy from './locales/en/privacy.json';

/**
 * English is the source language: every other locale has exactly these keys (checked by
 * locales.test.ts), and the keys' types come from these files.
 */
export const en = {
  translation: { ...common, home, extractor, fileManager, filePreview, integrity },
  about,
  privacy,
  /** The contact form: the footer's dialog (loaded when opened) and the about page. */
  contact,
  /** The admin page, which no visitor's page loads. */
  admin,
};

export type NamespaceResources = typeof en;
export type Namespace = keyof NamespaceResources;
export const NAMESPACES = Object.keys(en) as Namespace[];
/** What a page needs besides the default namespace (the prerender embeds exactly these). */
export type Resources = NamespaceResources['translation'];
