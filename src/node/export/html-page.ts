/**
 * A discussion as one self-contained HTML page anyone can open: styles inline, no script, no
 * request of any kind (its Content-Security-Policy allows only inline styles and `data:` images),
 * diagrams as sanitized inline SVG, markers and votes coloured as in the app, light or dark as
 * the reader's system prefers, and printable. Every text from the file is escaped or rendered
 * through the sanitizing markdown pipeline; nothing from it becomes markup of its own.
 */
import { discussionBody } from '../../core/discussion/body.js'
import { countOf } from '../../core/text/count-of.js'
import { embedBlock } from '../../core/export/markdown-text.js'
import type { ItemView } from '../../core/discussion/describe.js'
import type { DecisionRecord } from '../../core/export/decision-record.js'
import type { Comment, ParsedDiscussion, PhaseMarker } from '../../core/format/model.js'
import { aliasOfAuthor } from '../../core/routing/route.js'
import { isHumanName } from '../../core/voting/consensus.js'
import type { DiscussionView } from '../../core/discussion/describe.js'
import { markdownToHtml } from './markdown-html.js'
import { PAGE_STYLE } from './page-style.js'

/** A diagram of a comment as the page shows it: sanitized SVG, else its source or a note. */
export interface PageDiagram {
  ref: string
  /** Sanitized inline SVG; null when it could not be drawn here. */
  svg: string | null
  /** Shown instead of a picture (Mermaid's source, for one). */
  source: string | null
  /** Why there is no picture, or what the reader should know. */
  note: string | null
}

export interface PageInput {
  parsed: ParsedDiscussion
  view: DiscussionView
  record: DecisionRecord
  /** The discussion file's name, for the footer. */
  fileName: string
  /** When the page was made (ISO date). */
  exported: string
  /** The diagrams of each comment, by the comment's index. */
  diagrams: ReadonlyMap<number, readonly PageDiagram[]>
}

/** Text as HTML text or attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

const VOTES = ['READY', 'CHANGES', 'REJECT'] as const

function voteBadge(vote: string | null): string {
  if (!vote) return '<span class="no-vote">no vote</span>'
  return `<span class="vote vote-${escapeHtml(vote)}">${escapeHtml(vote)}</span>`
}

function initialsOf(name: string): string {
  const words = name
    .replace(/^(ai|bot)[-_]/i, '')
    .split(/[\s_-]+/)
    .filter(Boolean)
  const letters = words.slice(0, 2).map((word) => [...word][0] ?? '')
  return (letters.join('') || '?').toUpperCase()
}

function header(input: PageInput): string {
  const { view, record } = input
  const meta = [
    view.status ? `<span class="status">${escapeHtml(view.status)}</span>` : '',
    view.template ? `Template: ${escapeHtml(view.template)}` : '',
    view.phase ? `Phase: ${escapeHtml(view.phase)}` : '',
    view.created ? `Created: ${escapeHtml(view.created)}` : '',
    countOf(input.parsed.comments.length, 'comment'),
  ].filter(Boolean)
  // Participants are aliases (`architect`), votes are by name (`AI-Architect`): one chip each.
  const voters = Object.keys(view.votes)
  const aliases = new Set(voters.map(aliasOfAuthor))
  const names = [
    ...view.participants.filter((alias) => !aliases.has(aliasOfAuthor(alias))),
    ...voters,
  ]
  const people = names.map(
    (name) => `<li>${escapeHtml(name)} ${voteBadge(view.votes[name] ?? null)}</li>`,
  )
  return [
    '<header class="page-header">',
    `<h1>${escapeHtml(view.title ?? record.title)}</h1>`,
    `<p class="meta">${meta.join(' · ')}</p>`,
    people.length > 0
      ? `<ul class="people" aria-label="Participants and their votes">${people.join('')}</ul>`
      : '',
    '</header>',
  ].join('\n')
}

function decision(record: DecisionRecord, view: DiscussionView): string {
  const counts = { READY: 0, CHANGES: 0, REJECT: 0 }
  for (const vote of Object.values(view.votes)) counts[vote]++
  const total = counts.READY + counts.CHANGES + counts.REJECT
  const tally =
    total === 0
      ? ''
      : `<ul class="tally" aria-label="Votes that count">${VOTES.map(
          (vote) => `<li><span class="vote vote-${vote}">${vote} ${counts[vote]}</span></li>`,
        ).join('')}</ul>`
  const status = record.status.charAt(0).toUpperCase() + record.status.slice(1)
  return [
    `<section class="decision decision-${record.status}" aria-labelledby="decision-heading">`,
    `<h2 id="decision-heading">Decision: ${escapeHtml(status)}</h2>`,
    `<p><strong>${record.status === 'rejected' ? 'Rejected' : 'Chosen'} option:</strong> ${escapeHtml(record.chosen.title)}</p>`,
    `<p>${escapeHtml(record.verdict)}</p>`,
    tally,
    '</section>',
  ].join('\n')
}

function figure(diagram: PageDiagram): string {
  const caption = `<figcaption>${escapeHtml(diagram.ref)}${diagram.note ? ` · ${escapeHtml(diagram.note)}` : ''}</figcaption>`
  if (diagram.svg) return `<figure class="diagram">${diagram.svg}${caption}</figure>`
  const source = diagram.source ? `<pre><code>${escapeHtml(diagram.source)}</code></pre>` : ''
  return `<figure class="diagram">${source}${caption}</figure>`
}

function commentCard(comment: Comment, diagrams: readonly PageDiagram[], current: boolean): string {
  const human = isHumanName(comment.author)
  const where = [
    `#${comment.index + 1} · line ${comment.line}`,
    current ? '' : 'earlier phase',
    comment.closed ? '' : 'unfinished block',
  ].filter(Boolean)
  return [
    `<article class="comment${human ? ' comment-human' : ''}" id="line-${comment.line}" aria-label="${escapeHtml(`Comment by ${comment.author}`)}">`,
    '<div class="comment-head"><div class="who">',
    `<span class="avatar${human ? '' : ' avatar-ai'}" aria-hidden="true">${escapeHtml(human ? initialsOf(comment.author) : 'AI')}</span>`,
    `<div><span class="author">${escapeHtml(comment.author)}</span><span class="kind">${human ? 'Human' : 'AI'}</span>`,
    `<span class="where">${escapeHtml(where.join(' · '))}</span></div>`,
    `</div>${comment.vote ? voteBadge(comment.vote) : ''}</div>`,
    `<div class="markdown">${markdownToHtml(comment.body)}</div>`,
    ...diagrams.map(figure),
    '</article>',
  ].join('\n')
}

function phaseMarker(marker: PhaseMarker): string {
  const text =
    marker.kind === 'transition'
      ? `Phase ${marker.from} → ${marker.to} (votes reset)`
      : `Votes reset in ${marker.phase}`
  return `<p class="phase-marker">${escapeHtml(text)}</p>`
}

/** The comment an item (a marker line) belongs to, as the anchor of its card. */
function anchorOf(comments: readonly Comment[], line: number): string {
  const owner = comments.find((c) => c.line <= line && line <= c.endLine)
  return owner ? `#line-${owner.line}` : '#'
}

function itemsSection(
  title: string,
  items: readonly ItemView[],
  comments: readonly Comment[],
): string {
  if (items.length === 0) return ''
  const id = `summary-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
  const rows = items.map(
    (item) =>
      `<li><a href="${anchorOf(comments, item.line)}">${escapeHtml(item.text)}</a> <span class="where">${escapeHtml(item.author)}, line ${item.line}</span></li>`,
  )
  return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(title)} (${items.length})</h2><ul>${rows.join('')}</ul></section>`
}

export function renderHtmlPage(input: PageInput): string {
  const { parsed, view } = input
  const epoch = parsed.phaseMarkers.length
  const markers = [...parsed.phaseMarkers]
  const thread: string[] = []
  // The page's title is its one `h1`: the discussion's own headings go below it.
  const body = embedBlock(discussionBody(parsed, view.title), 2, '-')
  if (body !== '')
    thread.push(
      `<section class="context markdown" aria-label="The discussion's context">${markdownToHtml(body)}</section>`,
    )
  for (const comment of parsed.comments) {
    while (markers.length > 0 && (markers[0]?.line ?? 0) < comment.line) {
      const marker = markers.shift()
      if (marker) thread.push(phaseMarker(marker))
    }
    thread.push(
      commentCard(comment, input.diagrams.get(comment.index) ?? [], comment.epoch === epoch),
    )
  }
  thread.push(...markers.map(phaseMarker))
  const summary = [
    itemsSection('Open questions', view.questions, parsed.comments),
    itemsSection('Decisions', view.decisions, parsed.comments),
    itemsSection('Action items', [...view.todos, ...view.assigned], parsed.comments),
    itemsSection('Concerns', view.concerns, parsed.comments),
  ].filter(Boolean)
  const title = view.title ?? input.record.title
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<div class="page">
${header(input)}
<main>
${decision(input.record, view)}
<div class="layout">
<div class="thread">
${thread.join('\n')}
</div>
<aside class="summary" aria-label="Open items">
${summary.join('\n') || '<section><h2>Open items</h2><p>None.</p></section>'}
</aside>
</div>
</main>
<footer class="footer">Exported from ${escapeHtml(input.fileName)} on ${escapeHtml(input.exported)} by Orchestrated Discussions.</footer>
</div>
</body>
</html>
`
}
