import common from './locales/en/common.json';
import extractor from './locales/en/extractor.json';
import fileManager from './locales/en/file-manager.json';
import filePreview from './locales/en/file-preview.json';
import home from './locales/en/home.json';

/**
 * English is the source language: every other locale has exactly these keys, and the keys' types
 * come from these files. Each feature owns one file, merged into one namespace.
 */
export const en = { ...common, home, extractor, fileManager, filePreview };

export type Resources = typeof en;
