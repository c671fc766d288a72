/** Which links a comment may open outside the app: https and mailto only, checked by parsing. */
import { BackendError } from './errors.js'

const ALLOWED = new Set(['https:', 'mailto:'])
const MAX_LENGTH = 2048

/** The normalized URL when it may be opened; throws a BackendError saying why not otherwise. */
export function checkExternalUrl(raw: string): string {
  if (raw.length > MAX_LENGTH) throw new BackendError('The link is too long to open.')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new BackendError(`"${raw.slice(0, 80)}" is not a complete link (https://...).`)
  }
  if (!ALLOWED.has(url.protocol))
    throw new BackendError(
      `Links of the kind "${url.protocol}" are not opened; only https and mailto links are.`,
    )
  if (url.protocol === 'https:' && (url.username || url.password))
    throw new BackendError('Links that carry a user name or password are not opened.')
  return url.href
}
