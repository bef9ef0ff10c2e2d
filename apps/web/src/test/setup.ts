import { cleanup } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { baseOptions, i18n } from '../i18n';
import { en, NAMESPACES } from '../i18n/resources';

// Components under test read real English strings, so a test asserts what a visitor reads.
await i18n.use(initReactI18next).init({ ...baseOptions, lng: 'en', ns: NAMESPACES, resources: { en } });

afterEach(() => cleanup());
