import sevenZipPackage, { type SevenZipModuleFactory } from '7z-wasm';

/**
 * 7-Zip's module factory. Node loads the package's UMD build, whose default import is the
 * factory itself; bundlers load the ES build, whose default export is the factory; the
 * package's types describe neither exactly, hence one place that settles it.
 */
const loaded: unknown = sevenZipPackage;
export const SevenZip = (
  typeof loaded === 'function' ? loaded : (loaded as { default: unknown }).default
) as SevenZipModuleFactory;

/** Module options that hand 7-Zip an already compiled WASM module instead of fetching it. */
export function precompiled(module: WebAssembly.Module) {
  return {
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      void WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    },
  };
}
