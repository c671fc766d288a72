/**
 * The text of a new discussion: the header, the template's markdown skeleton with the title and
 * context filled in, and the closing `---` that every later append follows.
 */
import { closeFences, escapeText } from '../format/escape.js'
import { sanitizeHeaderValue } from '../format/header-edit.js'
import { fillPlaceholders } from '../templates/fill-placeholders.js'
import { withoutHints } from '../templates/skeleton-hints.js'
import type { Name, Text } from '../text/text.js'
import { admitText } from '../text/text.js'

/** Everything here came through the door: what a person typed and what a template says. */
export interface NewDiscussion {
  title: Name
  template: Text
  phase: Text
  status: Text
  participants: readonly Text[]
  context: Text
  created: Date
  /** Markdown with `{title}` and `{context}` placeholders; a plain layout when absent. */
  skeleton?: Text | null
}

const DEFAULT_SKELETON = admitText('# {title}\n\n## Context\n\n{context}\n')

/** The skeleton, title and context are escaped each on its own, so none can close another's fence. */
const escaped = (text: Text): string => escapeText(text, { votes: false }).join('\n')

export function renderNewDiscussion(discussion: NewDiscussion): string {
  const headers = [
    '<!-- DISCUSSION -->',
    `<!-- Title: ${sanitizeHeaderValue(discussion.title)} -->`,
    `<!-- Phase: ${sanitizeHeaderValue(discussion.phase)} -->`,
    `<!-- Status: ${sanitizeHeaderValue(discussion.status)} -->`,
    `<!-- Created: ${discussion.created.toISOString().replace(/\.\d{3}Z$/, 'Z')} -->`,
    `<!-- Template: ${sanitizeHeaderValue(discussion.template)} -->`,
    `<!-- Participants: ${discussion.participants.map(sanitizeHeaderValue).join(', ')} -->`,
  ]
  // The skeleton's hints ("[Goal 1]") and the sections they leave empty go first (with the Context
  // section when there is no context); then title and context go in as written (escaped), in one
  // pass over the escaped skeleton; fences each closes on its own may still pair up across them,
  // so any left open is escaped too.
  const context = discussion.context.trim() !== ''
  const skeleton = withoutHints(escaped(discussion.skeleton ?? DEFAULT_SKELETON), { context })
  const body = fillPlaceholders(skeleton, {
    title: escaped(discussion.title),
    context: context ? escaped(discussion.context) : '',
  }).split('\n')
  closeFences(body)
  return `${headers.join('\n')}\n\n${body.join('\n').trimEnd()}\n\n---\n`
}

/** A file name from a title: `Add user authentication!` -> `add-user-authentication`. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return slug === '' ? 'discussion' : slug
}
