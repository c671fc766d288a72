// Resolves imports the way TypeScript does (`./x.js` names `./x.ts`; `@renderer/` is the
// renderer's source), so the layer fences see which file an import reaches. Packages and Node
// built-ins go to the plain Node resolver. An eslint-module-utils resolver, interface version 2.
const { join } = require('node:path')

const nodeResolver = require('eslint-import-resolver-node')
const ts = require('typescript')

const root = join(__dirname, '..')
const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
  baseUrl: root,
  paths: { '@renderer/*': ['src/renderer/src/*'] },
}

exports.interfaceVersion = 2

exports.resolve = (source, file) => {
  if (source.startsWith('.') || source.startsWith('@renderer/')) {
    const { resolvedModule } = ts.resolveModuleName(source, file, compilerOptions, ts.sys)
    if (resolvedModule && !resolvedModule.isExternalLibraryImport)
      return { found: true, path: resolvedModule.resolvedFileName }
  }
  return nodeResolver.resolve(source, file, {})
}
