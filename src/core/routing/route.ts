/**
 * Who should answer next, and why: the @mentions of a callout when it has any; else everyone
 * mentioned since their last comment (`@all` meaning the discussion's participants); else the
 * discussion's participants. Mentions come from prose only (never code or a diagram block), and
 * when the caller knows the personas, a name no persona answers to (`@startuml`, a person's
 * `@rob`) asks no one.
 */
import { mentionsInProse } from '../format/markers.js'
import type { DiscussionView } from '../discussion/describe.js'

export interface PendingMention {
  alias: string
  mentioned_by: string
  line: number
}

export interface RouteResult {
  next: string[]
  source: 'callout' | 'mentions' | 'participants'
  reasons: Record<string, string>
  pending: PendingMention[]
}

const AI_PREFIX = /^(ai|bot)[-_]/i

/** `AI-Architect` -> `architect`; `Rob` -> `rob`. */
export function aliasOfAuthor(author: string): string {
  return author.trim().replace(AI_PREFIX, '').replace(/\s+/g, '-').toLowerCase()
}

/** What routing needs: `parse` output has it, and so does a discussion view. */
export interface RouteInput {
  participants: DiscussionView['participants']
  comments: Pick<DiscussionView['comments'][number], 'author' | 'mentions' | 'line'>[]
}

/** Whether a persona answers to this alias; absent, every mentioned name counts. */
export type IsPersona = (alias: string) => boolean

export interface RouteOptions {
  callout?: string
  isPersona?: IsPersona
}

/** Mentions that nobody has answered yet: the mentioned alias has not commented since. */
export function pendingMentions(view: RouteInput, isPersona?: IsPersona): PendingMention[] {
  const lastComment = new Map<string, number>()
  view.comments.forEach((comment, index) => lastComment.set(aliasOfAuthor(comment.author), index))
  const pending: PendingMention[] = []
  const seen = new Set<string>()
  view.comments.forEach((comment, index) => {
    const author = aliasOfAuthor(comment.author)
    const targets = comment.mentions.flatMap((alias) =>
      alias === 'all' ? view.participants : [alias],
    )
    for (const alias of targets) {
      if (alias === author || seen.has(alias)) continue
      if (isPersona && !isPersona(alias)) continue
      if ((lastComment.get(alias) ?? -1) > index) continue
      seen.add(alias)
      pending.push({ alias, mentioned_by: comment.author, line: comment.line })
    }
  })
  return pending
}

export function routeMentions(view: RouteInput, options: RouteOptions = {}): RouteResult {
  const { isPersona } = options
  const pending = pendingMentions(view, isPersona)
  const calloutAliases = unique(
    mentionsInProse(options.callout ?? '')
      .flatMap((alias) => (alias === 'all' ? view.participants : [alias]))
      .filter((alias) => !isPersona || isPersona(alias)),
  )
  if (calloutAliases.length > 0) {
    return {
      next: calloutAliases,
      source: 'callout',
      reasons: Object.fromEntries(
        calloutAliases.map((alias) => [alias, 'mentioned in the callout']),
      ),
      pending,
    }
  }
  if (pending.length > 0) {
    return {
      next: pending.map((mention) => mention.alias),
      source: 'mentions',
      reasons: Object.fromEntries(
        pending.map((m) => [
          m.alias,
          `mentioned by ${m.mentioned_by} in the comment at line ${m.line} and has not answered since`,
        ]),
      ),
      pending,
    }
  }
  return {
    next: [...view.participants],
    source: 'participants',
    reasons: Object.fromEntries(
      view.participants.map((alias) => [
        alias,
        'no open mentions: a participant of the discussion',
      ]),
    ),
    pending,
  }
}

function unique(items: string[]): string[] {
  return [...new Set(items)]
}
