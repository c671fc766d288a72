/**
 * The text of a new discussion: the header, the template's markdown skeleton with the title and
 * context filled in, and the closing `---` that every later append follows.
 */
import { escapeCommentBody } from '../format/escape.js'
import { sanitizeHeaderValue } from '../format/header-edit.js'
import { fillPlaceholders } from '../templates/fill-placeholders.js'

export interface NewDiscussion {
  title: string
  template: string
  phase: string
  status: string
  participants: readonly string[]
  context: string
  created: Date
  /** Markdown with `{title}` and `{context}` placeholders; a plain layout when absent. */
  skeleton?: string | null
}

const DEFAULT_SKELETON = '# {title}\n\n## Context\n\n{context}\n'
const NO_CONTEXT = '_Describe what is being discussed and why._'

export function renderNewDiscussion(discussion: NewDiscussion): string {
  const title = sanitizeHeaderValue(discussion.title)
  const headers = [
    '<!-- DISCUSSION -->',
    `<!-- Title: ${title} -->`,
    `<!-- Phase: ${sanitizeHeaderValue(discussion.phase)} -->`,
    `<!-- Status: ${sanitizeHeaderValue(discussion.status)} -->`,
    `<!-- Created: ${discussion.created.toISOString().replace(/\.\d{3}Z$/, 'Z')} -->`,
    `<!-- Template: ${sanitizeHeaderValue(discussion.template)} -->`,
    `<!-- Participants: ${discussion.participants.map(sanitizeHeaderValue).join(', ')} -->`,
  ]
  // Title and context go in as written, in one pass; then anything in the whole text that would
  // read as structure (a `---` line, an unclosed fence) is escaped.
  const context = discussion.context.trim() === '' ? NO_CONTEXT : discussion.context
  const body = escapeCommentBody(
    fillPlaceholders(discussion.skeleton ?? DEFAULT_SKELETON, { title, context }),
  )
  return `${headers.join('\n')}\n\n${body.trimEnd()}\n\n---\n`
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
