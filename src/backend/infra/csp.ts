/**
 * The Content-Security-Policy of the app's page, the same in the desktop window and in browser
 * mode, so the e2e tests see what Electron enforces. Scripts only from the app itself (no inline
 * script, no eval); Mantine's runtime `<style>` tags need inline styles; images only from the app
 * or data: URLs (remote images in comments are blocked twice: here and by the renderer). The only
 * frame is the app's own sandboxed Mermaid page.
 */
export function contentSecurityPolicy(connect: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connect].join(' ')}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Headers sent with every page and file, beside the CSP. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

/** The page Mermaid draws in: a sandboxed frame of the app's page (see the renderer's Diagrams). */
export const MERMAID_SANDBOX_PAGE = 'mermaid-sandbox.html'

/**
 * The Mermaid frame's own policy: the app's scripts (named by origin, since the sandboxed frame's
 * own origin is opaque), the inline styles Mermaid writes into its SVG, and nothing else: no
 * image from anywhere but data:, no font, connection or navigation, so a diagram's `img:` or
 * link reaches nothing. `sandbox`
 * keeps the page sandboxed even when opened on its own.
 */
export function mermaidSandboxPolicy(appOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${appOrigins.join(' ')}`,
    "style-src 'unsafe-inline'",
    // data: only: a placeholder for Mermaid's image shape, never a request.
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${appOrigins.join(' ')}`,
    'sandbox allow-scripts',
  ].join('; ')
}

export function mermaidSandboxHeaders(appOrigins: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': mermaidSandboxPolicy(appOrigins),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
}

/** The app's scripts, asked for by the sandboxed frame (origin `null`), in CORS mode. */
export function sandboxAssetHeaders(): Record<string, string> {
  return { 'Access-Control-Allow-Origin': 'null' }
}
