/**
 * The door is enforced by the compiler: every function that writes outside text into a file takes
 * a `Text`, a `Name` or a `CommentBody` (which only `comment-body.ts` makes from `Text`), never a
 * plain string. Each `@ts-expect-error` below is a writer handed a string: if a writer ever took
 * one again, `npm run typecheck` would fail on the directive it no longer needs.
 */
import { readFileSync } from 'node:fs'

import { describe, expect, expectTypeOf, it } from 'vitest'

import { renderCouncilDiscussion } from '../../src/core/council/council-file.js'
import { resolveCouncilOptions } from '../../src/core/council/modes.js'
import { renderCallComment, renderNoteComment } from '../../src/core/council/record.js'
import { blocks } from '../../src/core/debate/blocks.js'
import { renderNewDebate } from '../../src/core/debate/create.js'
import { decideDebate } from '../../src/core/debate/decide.js'
import { DEFAULT_SETTINGS } from '../../src/core/debate/model.js'
import type { DebateState } from '../../src/core/debate/model.js'
import { renderNewDiscussion } from '../../src/core/discussion/create.js'
import { renderSummary } from '../../src/core/discussion/summary.js'
import type { DiscussionStatus } from '../../src/core/discussion/status.js'
import { bodyAsWritten, composeBody, personBody } from '../../src/core/format/comment-body.js'
import type { CommentBody } from '../../src/core/format/comment-body.js'
import { setHeaderValues } from '../../src/core/format/header-edit.js'
import { formatCommentBlock } from '../../src/core/format/serialize.js'
import { admitName, admitText } from '../../src/core/text/text.js'
import type { Name, Text } from '../../src/core/text/text.js'
import type { TurnStore } from '../../src/core/turns/run-turn.js'
import type { DebateStore } from '../../src/core/debate/run-debate.js'
import type { DiscussionFileStore } from '../../src/node/store/discussion-store.js'

/** How many writer calls below the compiler refuses (one `@ts-expect-error` each). */
const WRITERS_REFUSING_A_STRING = 23

/** Type-level only: what each writer is handed when a path skips the door. */
function skipsTheDoor(store: DiscussionFileStore, turns: TurnStore, debates: DebateStore): void {
  const plain = 'outside text'
  const body = personBody(admitText(plain))
  const name = admitName('Rob')
  const created = new Date()
  const call = {} as Parameters<typeof renderCallComment>[0]
  const record = {} as Parameters<typeof renderCallComment>[2]
  // @ts-expect-error a comment's author is a Name
  void formatCommentBlock(plain, body)
  // @ts-expect-error a comment's body is composed from Text
  void formatCommentBlock(name, plain)
  // @ts-expect-error a person's comment is Text
  void personBody(plain)
  // @ts-expect-error a composed body's parts are Text or the engine's own lines
  void composeBody([plain])
  // @ts-expect-error a journal's body is Text
  void bodyAsWritten(plain)
  // @ts-expect-error the store appends a Name and a CommentBody
  void store.appendComment('f.md', { author: plain, body, vote: null })
  // @ts-expect-error nor does a turn's store take a plain text
  void turns.appendComment('f.md', { author: name, body: plain, vote: null })
  // @ts-expect-error nor a debate's
  void debates.appendComment('f.md', { author: name, body: plain, vote: null })
  // @ts-expect-error header values are Text
  void setHeaderValues('', { Status: plain })
  // @ts-expect-error so are the store's
  void store.updateHeaders('f.md', { Status: plain })
  // @ts-expect-error and the phases of a transition
  void store.recordPhaseTransition('f.md', plain, admitText('b'))
  const discussion = {
    title: name,
    template: admitText('feature'),
    phase: admitText('a'),
    status: admitText('OPEN'),
    participants: [admitText('architect')],
    context: admitText(''),
    created,
  }
  // @ts-expect-error a new discussion's title is a Name
  void renderNewDiscussion({ ...discussion, title: plain })
  // @ts-expect-error and its context Text
  void renderNewDiscussion({ ...discussion, context: plain })
  const debate = {
    title: name,
    context: admitText(''),
    participants: [],
    settings: DEFAULT_SETTINGS,
    created,
  }
  // @ts-expect-error a new debate's context is Text
  void renderNewDebate({ ...debate, context: plain })
  const council = { options: resolveCouncilOptions({}), provider: null, question: admitText('q') }
  // @ts-expect-error a council's question is Text
  void renderCouncilDiscussion({ ...council, question: plain }, created)
  // @ts-expect-error a proposal is Text
  void blocks.proposal('P1', 'architect', plain, null, [])
  // @ts-expect-error so is a ballot's justification
  void blocks.ballot('architect', [], 1, 100, plain, [])
  const defended = { proposal: 'P1', author: 'a', addresses: [], round: 1, response: plain }
  // @ts-expect-error and a defence's response
  void blocks.defense(defended, null, [])
  // @ts-expect-error and what an absent participant answered
  void blocks.absent('a', 'vote', 1, admitText('timed out'), plain)
  // @ts-expect-error a decision is signed with a Name
  void decideDebate({} as DebateState, { reject: true }, plain)
  // @ts-expect-error a council's answer is Text
  void renderCallComment(call, 1, record, plain)
  // @ts-expect-error so is its ranking note
  void renderNoteComment('label', 'Peer ranking', plain)
  const summary = { source: 's', generated: created, aiSummary: plain, provider: null }
  // @ts-expect-error a summary's AI part is Text
  void renderSummary({} as DiscussionStatus, summary)
}

describe('the compiler enforces the door', () => {
  it('every writer takes Text, Name or CommentBody, never a plain string', () => {
    expectTypeOf(formatCommentBlock).parameter(0).toEqualTypeOf<Name>()
    expectTypeOf(formatCommentBlock).parameter(1).toEqualTypeOf<CommentBody>()
    expectTypeOf(personBody).parameter(0).toEqualTypeOf<Text>()
    expectTypeOf<string>().not.toMatchTypeOf<Text>()
    expectTypeOf<Text>().toMatchTypeOf<string>()
    expectTypeOf<Name>().toMatchTypeOf<Text>()
    // `skipsTheDoor` is checked by the compiler, never run: each of its writers refuses a string.
    const source = readFileSync(import.meta.filename, 'utf8')
    expect(source.match(/\/\/ @ts-expect-error /g)).toHaveLength(WRITERS_REFUSING_A_STRING)
    expect(typeof skipsTheDoor).toBe('function')
  })
})
