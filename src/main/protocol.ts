// The renderer is served from app://bundle/ (never file://), so every response carries the CSP as
// a header and only files inside out/renderer can be loaded.
import { readFile } from 'node:fs/promises'

import { protocol } from 'electron'

import {
  contentSecurityPolicy,
  MERMAID_SANDBOX_PAGE,
  mermaidSandboxHeaders,
  resolveStaticFile,
  SECURITY_HEADERS,
  sandboxAssetHeaders,
} from '../backend/index.js'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = 'app://bundle'

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // corsEnabled: the sandboxed Mermaid frame (origin `null`) loads the app's module scripts.
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    },
  ])
}

export function serveRenderer(rendererDir: string): void {
  const csp = contentSecurityPolicy()
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    const found = url.host === 'bundle' ? await resolveStaticFile(rendererDir, url.pathname) : null
    if (!found) return new Response('Not found', { status: 404 })
    const headers =
      url.pathname === `/${MERMAID_SANDBOX_PAGE}`
        ? mermaidSandboxHeaders([APP_ORIGIN])
        : {
            'Content-Security-Policy': csp,
            ...SECURITY_HEADERS,
            ...(request.headers.get('origin') === 'null' ? sandboxAssetHeaders() : {}),
          }
    return new Response(await readFile(found.file), {
      headers: { ...headers, 'Content-Type': found.contentType },
    })
  })
}
