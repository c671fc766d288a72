/**
 * The text of a new debate: an ordinary discussion file (template `debate`) whose header also
 * carries the weights and the rules, so the file alone says how it is decided.
 */
import { renderNewDiscussion } from '../discussion/create.js'
import { insertAfter } from '../templates/fill-placeholders.js'
import { admitText } from '../text/text.js'
import type { Name, Text } from '../text/text.js'
import type { DebateParticipant, DebateSettings } from './model.js'
import { formatSettings } from './settings-header.js'
import { formatWeights } from './weights.js'

export const DEBATE_TEMPLATE = 'debate'

export function renderNewDebate(debate: {
  title: Name
  context: Text
  participants: readonly DebateParticipant[]
  settings: DebateSettings
  created: Date
  skeleton?: Text | null
}): string {
  const text = renderNewDiscussion({
    title: debate.title,
    template: admitText(DEBATE_TEMPLATE),
    phase: admitText('propose'),
    status: admitText('OPEN'),
    // Aliases are persona aliases (`[a-z][a-z0-9_-]*`), through the door all the same.
    participants: debate.participants.map((p) => admitText(p.alias)),
    // The Question section says what the debate decides: without a context, its title.
    context: debate.context.trim() === '' ? debate.title : debate.context,
    created: debate.created,
    skeleton: debate.skeleton ?? null,
  })
  // The extra headers go right after the standard ones (the Participants line).
  const extra = [
    `<!-- Weights: ${formatWeights(debate.participants)} -->`,
    `<!-- Debate: ${formatSettings(debate.settings)} -->`,
  ].join('\n')
  return insertAfter(text, /^<!-- Participants: .*-->$/m, `\n${extra}`)
}
