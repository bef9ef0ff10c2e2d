import { cleanup, configure } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { baseOptions, i18n } from '../i18n';
import { en, NAMESPACES } from '../i18n/resources';

// Components under test read real English strings, so a test asserts what a visitor reads.
await i18n.use(initReactI18next).init({ ...baseOptions, lng: 'en', ns: NAMESPACES, resources: { en } });

// findBy… and waitFor wait for a state; Testing Library's default gives up after 1 s, which a busy
// machine (two cores shared by several test files) exceeds. The test's own time limit
// (vitest.config.ts) is what catches a state that never comes.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());
