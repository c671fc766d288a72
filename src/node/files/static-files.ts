/** Finding a file of the built renderer for a URL path, never one outside its folder. */
import { realpath, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'

import { isBelow } from './is-inside.js'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
}

export interface StaticFile {
  file: string
  contentType: string
}

/** The file for `urlPath` (`/` is index.html) inside `root`; null when absent or outside. */
export async function resolveStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/')
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const wanted = decoded === '/' || decoded === '' ? '/index.html' : decoded
  const realRoot = await realpath(root)
  let file: string
  try {
    file = await realpath(join(realRoot, wanted))
  } catch {
    return null
  }
  if (!isBelow(realRoot, file)) return null
  if (!(await stat(file)).isFile()) return null
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
  return { file, contentType }
}
