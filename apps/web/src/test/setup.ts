import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n';

// Components under test read real English strings, so a test asserts what a visitor reads.
afterEach(() => cleanup());
