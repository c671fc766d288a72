/**
 * A council as a discussion file: an ordinary discussion with the `council` template, whose
 * header keeps the settings (so `council resume FILE` needs nothing else) and whose body holds
 * the question. Each call then appends a comment, each stage a phase transition.
 */
import { renderNewDiscussion } from '../discussion/create.js'
import { DiscussionError } from '../errors.js'
import { headerValue } from '../format/headers.js'
import { setHeaderValues } from '../format/header-edit.js'
import type { ParsedDiscussion } from '../format/model.js'
import { admitName, admitText } from '../text/text.js'
import type { Name, Text } from '../text/text.js'
import { resolveCouncilOptions } from './modes.js'
import type { CouncilOptions } from './modes.js'
import { COUNCIL_PHASES } from './plan.js'
import { personaAliasOf, rolesOf } from './roles.js'

export const COUNCIL_TEMPLATE = 'council'
const QUESTION_HEADING = '## Question'
const SKELETON = admitText(`# {title}\n\n${QUESTION_HEADING}\n\n{context}\n`)
const TITLE_CHARS = 80

export interface CouncilFileSettings {
  options: CouncilOptions
  /** `--provider`: every role uses this provider; null: tiers decide. */
  provider: string | null
  question: string
}

/** A title from the question's first line, shortened at a word. */
export function councilTitle(question: string): string {
  const first = question.trim().split('\n')[0]?.trim() ?? ''
  if (first.length <= TITLE_CHARS) return first
  const cut = first.slice(0, TITLE_CHARS)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).trimEnd()}…`
}

/**
 * The new council's file. `members` are the names its comments will be signed with (the role
 * personas' names), so the app lists each member once; default: the role personas' aliases.
 */
export function renderCouncilDiscussion(
  settings: { options: CouncilOptions; provider: Name | null; question: Text },
  created: Date,
  members?: readonly Name[],
): string {
  if (settings.question.trim() === '')
    throw new DiscussionError('The question is empty; ask the council something.')
  const { options } = settings
  const text = renderNewDiscussion({
    title: admitName(councilTitle(settings.question)),
    template: admitText(COUNCIL_TEMPLATE),
    phase: admitText(COUNCIL_PHASES[0]),
    status: admitText('OPEN'),
    participants: members ?? rolesOf(options.mode).map((role) => admitText(personaAliasOf(role))),
    context: settings.question,
    created,
    skeleton: SKELETON,
  })
  // The settings are the council's own words and numbers; the provider's name was typed.
  return setHeaderValues(text, {
    'Council-Mode': admitText(options.mode),
    'Council-Flow': admitText(options.flow),
    'Council-Rounds': admitText(String(options.rounds)),
    'Council-Tier': admitText(options.tier),
    'Council-Rank': admitText(options.rank ? 'yes' : 'no'),
    ...(settings.provider ? { 'Council-Provider': settings.provider } : {}),
  })
}

/** The question as written under `## Question`, before the first comment. */
function questionOf(parsed: ParsedDiscussion): string {
  const preamble = parsed.segments[0]
  const raw = preamble?.kind === 'content' ? preamble.raw : ''
  const start = raw.indexOf(`\n${QUESTION_HEADING}\n`)
  if (start === -1) return ''
  return raw
    .slice(start + QUESTION_HEADING.length + 2)
    .replace(/\n---\s*$/, '')
    .trim()
}

/** The council's settings from its file; a discussion that is no council is refused clearly. */
export function readCouncilSettings(parsed: ParsedDiscussion, file: string): CouncilFileSettings {
  if (headerValue(parsed, 'Template') !== COUNCIL_TEMPLATE || !headerValue(parsed, 'Council-Mode'))
    throw new DiscussionError(
      `${file} is not a council (no Council-Mode header); start one with \`discussions council "question"\`.`,
    )
  const rounds = Number(headerValue(parsed, 'Council-Rounds') ?? '1')
  const options = resolveCouncilOptions({
    mode: headerValue(parsed, 'Council-Mode'),
    flow: headerValue(parsed, 'Council-Flow'),
    rounds,
    tier: headerValue(parsed, 'Council-Tier'),
    rank: /^(yes|true)$/i.test(headerValue(parsed, 'Council-Rank') ?? ''),
  })
  const question = questionOf(parsed) || (headerValue(parsed, 'Title') ?? '')
  return { options, provider: headerValue(parsed, 'Council-Provider'), question }
}
