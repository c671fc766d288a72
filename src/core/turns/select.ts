/**
 * Who answers in a turn — the same answer `discussions route` gives, plus the explicit choices a
 * person makes: `@alias ...` or `@all` named for the turn, else the callout's @mentions, else
 * everyone mentioned since their last comment, else the phase's default participants, else the
 * discussion's participants.
 */
import type { DiscussionView } from '../discussion/describe.js'
import { routeMentions } from '../routing/route.js'
import type { IsPersona } from '../routing/route.js'
import type { TemplatePhase } from '../templates/schema.js'

export interface Selection {
  aliases: string[]
  source: 'explicit' | 'callout' | 'mentions' | 'phase' | 'participants'
}

export function selectParticipants(
  view: DiscussionView,
  phase: TemplatePhase | null,
  options: { explicit?: readonly string[]; callout?: string; isPersona?: IsPersona },
): Selection {
  const explicit = (options.explicit ?? []).map((alias) => alias.replace(/^@/, '').toLowerCase())
  if (explicit.length > 0) {
    const aliases = explicit.flatMap((alias) => (alias === 'all' ? view.participants : [alias]))
    return { aliases: [...new Set(aliases)], source: 'explicit' }
  }
  const route = routeMentions(view, {
    ...(options.callout === undefined ? {} : { callout: options.callout }),
    ...(options.isPersona ? { isPersona: options.isPersona } : {}),
  })
  if (route.source === 'callout' || route.source === 'mentions')
    return { aliases: route.next, source: route.source }
  if (phase && phase.participants.length > 0)
    return { aliases: [...phase.participants], source: 'phase' }
  return { aliases: [...view.participants], source: 'participants' }
}
