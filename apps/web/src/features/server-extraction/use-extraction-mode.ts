import { storedPreference } from '../../lib/stored-preference';
import {
  DEFAULT_EXTRACTION_MODE,
  EXTRACTION_MODE_STORAGE_KEY,
  parseExtractionMode,
  type ExtractionMode,
} from './extraction-mode';

const extractionMode = storedPreference(EXTRACTION_MODE_STORAGE_KEY, parseExtractionMode, DEFAULT_EXTRACTION_MODE);

/** The visitor's extraction mode (browser by default), remembered on this device. */
export function useExtractionMode(): [ExtractionMode, (next: ExtractionMode) => void] {
  return extractionMode.use();
}
