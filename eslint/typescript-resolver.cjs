// Resolves imports the way TypeScript does (`./x.js` names `./x.ts`; `@renderer/`, `@shared/` and
// `@core/` are the renderer's aliases, as in electron.vite.config.ts), so the layer fences see which file an import reaches. Packages and Node
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
  paths: {
    '@renderer/*': ['src/renderer/src/*'],
    '@shared/*': ['src/shared/*'],
    '@core/*': ['src/core/*'],
  },
}
const ALIASES = Object.keys(compilerOptions.paths).map((alias) => alias.replace('*', ''))

exports.interfaceVersion = 2

exports.resolve = (source, file) => {
  if (source.startsWith('.') || ALIASES.some((alias) => source.startsWith(alias))) {
    const { resolvedModule } = ts.resolveModuleName(source, file, compilerOptions, ts.sys)
    if (resolvedModule && !resolvedModule.isExternalLibraryImport)
      return { found: true, path: resolvedModule.resolvedFileName }
  }
  return nodeResolver.resolve(source, file, {})
}
