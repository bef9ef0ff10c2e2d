import type { ErrorShape, LimitName } from '@archive-opener/shared';
import type { TFunction } from 'i18next';
import { formatBytes } from '../../lib/format-size';
import { serverProblemOf, serverProblemText } from '../server-extraction/problems';

export interface ErrorText {
  title: string;
  text: string;
}

/**
 * The engine's error codes as translated toast texts: never its English messages. A server
 * extraction's own problems (too large, rate limit, timeout…) travel in the same shape.
 */
export function errorText(error: ErrorShape, t: TFunction, locale?: string): ErrorText {
  const problem = serverProblemOf(error);
  if (problem) return serverProblemText(problem, t);
  const details = error.details ?? {};
  switch (error.code) {
    case 'PASSWORD_REQUIRED':
      return { title: t('extractor.errors.passwordRequired.title'), text: t('extractor.errors.passwordRequired.text') };
    case 'WRONG_PASSWORD':
      return { title: t('extractor.errors.wrongPassword.title'), text: t('extractor.errors.wrongPassword.text') };
    case 'UNSUPPORTED_FORMAT':
      return { title: t('extractor.errors.unsupported.title'), text: t('extractor.errors.unsupported.text') };
    case 'CORRUPT_ARCHIVE':
      return { title: t('extractor.errors.corrupt.title'), text: t('extractor.errors.corrupt.text') };
    case 'MISSING_VOLUME': {
      const volume = typeof details.volume === 'string' ? details.volume : '';
      return {
        title: t('extractor.errors.missingVolume.title'),
        text: volume ? t('extractor.errors.missingVolume.text', { volume }) : t('extractor.errors.missingVolume.textUnnamed'),
      };
    }
    case 'LIMIT_EXCEEDED': {
      const limit = typeof details.limit === 'string' ? (details.limit as LimitName) : undefined;
      if (limit === 'storage' && typeof details.needed === 'number' && typeof details.available === 'number')
        return {
          title: t('extractor.errors.noStorage.title'),
          text: t('extractor.errors.noStorage.text', {
            needed: formatBytes(details.needed, locale),
            available: formatBytes(details.available, locale),
          }),
        };
      if (limit === 'archiveSize')
        return { title: t('extractor.errors.tooLarge.title'), text: t('extractor.errors.tooLarge.text') };
      return { title: t('extractor.errors.limit.title'), text: t('extractor.errors.limit.text', { limit: limitName(limit, t) }) };
    }
    case 'CANCELLED':
      return { title: t('extractor.errors.cancelled.title'), text: t('extractor.errors.cancelled.text') };
    case 'INTERNAL':
      return { title: t('extractor.errors.failed.title'), text: t('extractor.errors.failed.text') };
  }
}

const LIMIT_NAMES = {
  totalBytes: 'extractor.limits.totalBytes',
  entryCount: 'extractor.limits.entryCount',
  expansionRatio: 'extractor.limits.expansionRatio',
  kdfCost: 'extractor.limits.kdfCost',
  nestingDepth: 'extractor.limits.nestingDepth',
  memory: 'extractor.limits.memory',
  nameLength: 'extractor.limits.nameLength',
} as const satisfies Partial<Record<LimitName, string>>;

function limitName(limit: LimitName | undefined, t: TFunction): string {
  const key = limit && limit in LIMIT_NAMES ? LIMIT_NAMES[limit as keyof typeof LIMIT_NAMES] : 'extractor.limits.other';
  return t(key);
}
