import { isLanguageCode, type LanguageCode } from '@archive-opener/shared';
import type { Namespace, NamespaceResources } from './resources';

/**
 * Where each namespace's strings live. Every feature owns one file; the default namespace merges
 * the home page's files, the about and privacy pages have their own so the home page never loads
 * their text.
 */
type LocaleFile = Record<string, unknown>;
const TRANSLATION_FILES = ['common', 'home', 'extractor', 'file-manager', 'file-preview', 'integrity'] as const;

/** Builds a namespace from its files, whoever read them (lazily in the browser, eagerly in the prerender). */
export async function assembleNamespace<N extends Namespace>(
  namespace: N,
  read: (name: string) => Promise<LocaleFile>,
): Promise<NamespaceResources[N]> {
  if (namespace !== 'translation') return (await read(namespace)) as NamespaceResources[N];
  const [common, home, extractor, fileManager, filePreview, integrity] = await Promise.all(
    TRANSLATION_FILES.map((name) => read(name)),
  );
  return { ...common, home, extractor, fileManager, filePreview, integrity } as NamespaceResources[N];
}

const lazyFiles = import.meta.glob<{ default: LocaleFile }>('./locales/*/*.json');

/** One namespace of one language, loaded on demand (each JSON file is its own small chunk). */
export function loadNamespace<N extends Namespace>(code: string, namespace: N): Promise<NamespaceResources[N]> {
  if (!isLanguageCode(code)) return Promise.reject(new Error(`Unknown language code ${code}`));
  return assembleNamespace(namespace, async (name) => {
    const load = lazyFiles[`./locales/${code satisfies LanguageCode}/${name}.json`];
    if (!load) throw new Error(`No locale file ${code}/${name}.json`);
    return (await load()).default;
  });
}
