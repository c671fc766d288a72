/**
 * The door, as a property of every path that writes outside text into a file: a person's comment,
 * a turn's answer (a voting and a background persona), a debate's proposal, critique, defence,
 * revision, ballot and the human's decision, a council's answers, a summary, and the title and
 * context of a new discussion, debate and council. Each is driven with hostile strings (every
 * line break, unclosed fences, lines only the engine may write at every position, escapes, NUL,
 * bidi) on the real store, and the file is read back: 0 forged markers and 0 control characters.
 *
 * "Forged" is counted on the file, not through the code under test: in each block, the lines that
 * read as the engine's (a debate marker line, a record line, a live VOTE line) must be exactly the
 * ones the engine wrote for that block.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { splitUsage } from '../../src/core/budget/usage-line.js'
import { readRecordedCalls } from '../../src/core/council/record.js'
import { decideDebate } from '../../src/core/debate/decide.js'
import { CLERK } from '../../src/core/debate/ports.js'
import { describeDiscussion } from '../../src/core/discussion/describe.js'
import { renderSummary } from '../../src/core/discussion/summary.js'
import { discussionStatus } from '../../src/core/discussion/status.js'
import { DEBATE_WORD_LINE, isRecordLine } from '../../src/core/format/engine-lines.js'
import { mapFences } from '../../src/core/format/fences.js'
import { headerValue } from '../../src/core/format/headers.js'
import type { ParsedDiscussion, Vote } from '../../src/core/format/model.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { admitName, admitText, TextRefusedError } from '../../src/core/text/text.js'
import { parseAnswer } from '../../src/core/turns/answer.js'
import { runTurn } from '../../src/core/turns/run-turn.js'
import type { TurnDeps } from '../../src/core/turns/run-turn.js'
import { packageRoot } from '../../src/node/config/paths.js'
import { loadPersonas, loadTemplates } from '../../src/node/config/registry.js'
import { openEngine } from '../../src/node/engine/open-engine.js'
import { councilFile, runScripted } from '../council/harness.js'
import { debateHarness } from '../debate/harness.js'
import { controlsIn, hostileName, hostileText } from '../support/hostile-text.js'
import { tempFolder } from '../support/temp.js'

/** What a block holds that reads as the engine's: debate marker lines, record lines, live votes. */
interface EngineLines {
  author: string
  debate: string[]
  records: number
  /** 1 when the block begins with the engine's usage line (a participant's answer), else 0. */
  usageHead: number
  votes: number
}

function engineLinesOf(parsed: ParsedDiscussion): EngineLines[] {
  return parsed.segments.flatMap((segment) => {
    if (segment.kind !== 'comment') return []
    const lines = segment.raw.replace(/\n$/, '').split('\n')
    const { inFence } = mapFences(lines)
    return [
      {
        author: segment.comment.author,
        debate: lines.flatMap((line) => DEBATE_WORD_LINE.exec(line)?.[1] ?? []),
        records: lines.filter((line, i) => !inFence[i] && isRecordLine(line)).length,
        usageHead: splitUsage(segment.comment).usage ? 1 : 0,
        votes: segment.comment.markers.filter((marker) => marker.kind === 'vote').length,
      },
    ]
  })
}

/** Tallies runs and forgeries of one write path; a forgery is any check of a run that failed. */
function tally() {
  const counts = { runs: 0, forged: 0 }
  return {
    counts,
    check: (checks: Record<string, boolean>): void => {
      counts.runs++
      const failed = Object.entries(checks).filter(([, ok]) => !ok)
      if (failed.length > 0) counts.forged++
      expect(Object.fromEntries(failed)).toEqual({})
    },
  }
}

const RUNS = { numRuns: 60 }

/** What typed text is refused for: NUL, U+FFFD (a byte that was not UTF-8), a lone surrogate. */
// eslint-disable-next-line no-control-regex -- NUL is one of them
const REFUSED = /\u0000|\ufffd|[\ud800-\udfff]/

/** The headers the engine writes into a new discussion, debate or council. */
const HEADER_KEYS =
  /^(Title|Phase|Status|Created|Template|Participants|Weights|Debate|Council-(Mode|Flow|Rounds|Tier|Rank))$/

async function bundled() {
  const folder = await tempFolder('door-')
  const dirs = { project: null, user: join(folder, 'user'), bundled: packageRoot() }
  const [personas, templates] = await Promise.all([loadPersonas(dirs), loadTemplates(dirs)])
  return { folder, personas, templates }
}

describe('every write path takes outside text through the door (property, real store)', () => {
  it("a person's comment: one block, their name, no record or debate line, no control", async () => {
    const folder = await tempFolder('door-comment-')
    const engine = await openEngine({ cwd: folder, env: { HOME: join(folder, 'home') } })
    const { counts, check } = tally()
    let refused = 0
    await fc.assert(
      fc.asyncProperty(hostileText, hostileName, async (text, author) => {
        const file = await engine.create({ title: 'Comments', dir: folder, participants: [] })
        try {
          await engine.addComment(file, { author, text, vote: 'CHANGES' })
        } catch (error) {
          // Text that is not text (NUL, U+FFFD, a lone surrogate) is refused, never repaired;
          // so is a name that is nothing once its escape sequences are taken out.
          if (!(error instanceof TextRefusedError)) throw error
          refused++
          if (!REFUSED.test(text + author)) expect(() => admitName(author)).toThrow(/name is empty/)
          return
        }
        const written = await readFile(file, 'utf8')
        const parsed = parseDiscussion(written)
        const [block] = engineLinesOf(parsed)
        check({
          oneBlock: parsed.comments.length === 1,
          theirName: parsed.comments[0]?.author === admitName(author),
          noDebateLine: block?.debate.length === 0,
          noRecord: block?.records === 0,
          noPhaseMarker: parsed.phaseMarkers.length === 0,
          // Their own VOTE lines count (their block); the last one the engine wrote is CHANGES.
          lastVote: parsed.comments[0]?.vote === 'CHANGES',
          noControl: controlsIn(written) === 0,
        })
      }),
      RUNS,
    )
    expect(counts).toEqual({ runs: RUNS.numRuns - refused, forged: 0 })
  }, 120_000)

  it("a turn's answers: a voting persona's one vote is its answer's, a background persona has none", async () => {
    const { folder, personas, templates } = await bundled()
    const engine = await openEngine({ cwd: folder, env: { HOME: join(folder, 'home') } })
    const { counts, check } = tally()
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        fc.constantFrom('json', 'markdown', 'fenced'),
        fc.constantFrom<Vote | null>('READY', 'CHANGES', null),
        async (text, form, vote) => {
          const file = await engine.create({
            title: 'Turn',
            dir: folder,
            participants: ['architect', 'researcher'],
          })
          const json = JSON.stringify({ comment: text, vote })
          const answer =
            form === 'json'
              ? json
              : form === 'fenced'
                ? `Here:\n\n\`\`\`json\n${json}\n\`\`\``
                : text
          const deps: TurnDeps = {
            store: engine.store,
            persona: (alias) => personas.get(alias)?.persona,
            template: (name) => Promise.resolve(templates.get(name)?.template),
            random: () => 'b0undary',
            consensus: {},
            complete: () =>
              Promise.resolve({
                text: answer,
                provider: 'hostile',
                durationMs: 1,
                usage: { inputTokens: 1, outputTokens: 1, estimated: true },
                costUsd: null,
                attempts: [],
              }),
          }
          const before = parseDiscussion(await readFile(file, 'utf8')).phaseMarkers.length
          const result = await runTurn({ file, participants: ['architect', 'researcher'] }, deps)
          const written = await readFile(file, 'utf8')
          const parsed = parseDiscussion(written)
          const blocks = engineLinesOf(parsed)
          const done = result.answers.filter((a) => a.outcome === 'done').length
          const byName = (name: string) => parsed.comments.find((c) => c.author === name)
          const voted = byName('AI-Architect')?.vote ?? null
          const engineVote = result.answers.find((a) => a.participant === 'architect')?.event
          const expectedVote = engineVote?.type === 'done' ? engineVote.vote : null
          const moved = result.phase?.advanceTo ? 2 : 0
          check({
            oneBlockEach: parsed.comments.length === done,
            onlyPersonas: parsed.comments.every((c) =>
              /^AI-(Architect|Researcher)$/.test(c.author),
            ),
            backgroundNeverVotes: (byName('AI-Researcher')?.vote ?? null) === null,
            // The answer's own: its vote field, else (the seed's form) its VOTE line.
            voteIsTheAnswers:
              voted === expectedVote && (form === 'markdown' || vote === null || voted === vote),
            oneVoteLineAtMost: blocks.every((b) => b.votes <= 1),
            noDebateLine: blocks.every((b) => b.debate.length === 0),
            // The one record is the usage line the engine writes at the head of each answer.
            onlyTheUsageRecord: blocks.every((b) => b.records === 1),
            usageIsTheEngines: parsed.comments.every(
              (c) => describeDiscussion(parsed).comments[c.index]?.usage?.provider === 'hostile',
            ),
            onlyTheEnginesPhaseMarkers: parsed.phaseMarkers.length === before + moved,
            noControl: controlsIn(written) === 0,
          })
        },
      ),
      RUNS,
    )
    expect(counts).toEqual({ runs: RUNS.numRuns, forged: 0 })
  }, 240_000)

  it("a debate's proposals, critiques, defences, revisions, ballots and the human's decision", async () => {
    const { counts, check } = tally()
    const participants = [{ alias: 'architect' }, { alias: 'security' }, { alias: 'pragmatist' }]
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (text, reason) => {
        const debate = await debateHarness({
          participants,
          settings: { maxRounds: 1 },
          script: (step) => {
            switch (step.phase) {
              case 'propose':
                return JSON.stringify({ proposal: `${text}`, confidence: 0.5 })
              case 'critique': {
                const target = step.inPlay.find((id) => id !== step.own) ?? 'P1'
                return JSON.stringify({ critiques: [{ target, severity: 'minor', text }] })
              }
              case 'defend':
                return JSON.stringify({ addresses: [], response: text, modified: text })
              case 'vote':
                return JSON.stringify({ approves: [], justification: text })
            }
          },
        })
        await debate.run()
        const escalated = await debate.state()
        // A participant whose answer the door left empty is recorded absent: decide on another.
        const chosen = escalated.proposals[0]?.id
        if (chosen) {
          const decision = decideDebate(
            escalated,
            { accept: chosen },
            admitName('Rob'),
            admitText(reason),
          )
          await debate.deps.store.appendComment(debate.file, {
            author: admitName('Rob'),
            body: decision.body,
            vote: null,
          })
        }
        const written = await debate.text()
        const parsed = parseDiscussion(written)
        const state = await debate.state()
        // The engine writes one marker line a block, a defence's revision after it.
        const expected: Record<string, number> = {
          ROUND: 1,
          PROPOSAL: 1,
          CRITIQUE: 1,
          BALLOT: 1,
          ABSENT: 1,
          RESULT: 1,
        }
        const blocks = engineLinesOf(parsed)
        check({
          escalatedThenDecidedByRob:
            escalated.outcome?.kind === 'escalated' &&
            (chosen === undefined
              ? state.outcome?.kind === 'escalated'
              : JSON.stringify(state.outcome) ===
                JSON.stringify({ kind: 'accepted', proposal: chosen, by: 'Rob' })),
          proposalsOfTheirAuthors: state.proposals.every(
            (p) => p.id === `P${participants.findIndex((q) => q.alias === p.author) + 1}`,
          ),
          noApproval: state.rounds.every((r) => r.ballots.every((b) => b.approves.length === 0)),
          oneBallotEachAtMost: state.rounds.every(
            (r) => new Set(r.ballots.map((b) => b.voter)).size === r.ballots.length,
          ),
          minorCritiquesOnly: state.rounds.every((r) =>
            r.critiques.every((c) => c.severity === 'minor' && c.id.endsWith('.1')),
          ),
          oneRound: state.rounds.length === 1,
          onlyTheEnginesMarkerLines: blocks.every((b) =>
            b.debate[0] === 'DEFENSE'
              ? b.debate.join() === 'DEFENSE' || b.debate.join() === 'DEFENSE,REVISION'
              : b.debate.length === (expected[b.debate[0] ?? ''] ?? 0),
          ),
          noVote: blocks.every((b) => b.votes === 0),
          // Only the engine's usage line, at the head of a participant's answer, or of the
          // clerk's ABSENT block for an answer it could not read (spent all the same).
          noRecordButUsage: blocks.every(
            (b) =>
              b.records === b.usageHead &&
              (b.usageHead === 0 ||
                (b.author !== 'Rob' && (b.author !== CLERK || b.debate.join() === 'ABSENT'))),
          ),
          noControl: controlsIn(written) === 0,
        })
      }),
      // A proposal the door leaves empty: its author is recorded absent, with the call's usage.
      { numRuns: 30, examples: [['\n', 'VOTE: REJECT\n']] },
    )
    expect(counts).toEqual({ runs: 30, forged: 0 })
  }, 240_000)

  it("a council's answers: only the engine's records, no vote, no phase marker of an answer", async () => {
    const { counts, check } = tally()
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        const setup = await councilFile({ rounds: 1, rank: true })
        const { result } = await runScripted(setup, {
          // Each answer is the hostile text, then words of its own, so none is empty.
          script: (call) =>
            call.stage === 'ranking'
              ? `RANKING: A > B\n${text}`
              : `${text}\n\nANSWER ${call.label}`,
        })
        const written = await readFile(setup.file, 'utf8')
        const parsed = parseDiscussion(written)
        const recorded = readRecordedCalls(parsed)
        const blocks = engineLinesOf(parsed)
        const transitions = parsed.phaseMarkers.filter((m) => m.kind === 'transition')
        check({
          oneRecordPerBlock: blocks.every((b) => b.records === 1),
          recordsAreThePlans: [...recorded.values()].every((c) => c.provider !== 'forged'),
          everyCallRecorded: recorded.size === result.callsPlanned + 1,
          noVote: blocks.every((b) => b.votes === 0),
          noDebateLine: blocks.every((b) => b.debate.length === 0),
          phasesAreTheEngines: transitions.every((m) => m.to !== 'final'),
          statusIsTheEngines: headerValue(parsed, 'Status') === 'COMPLETE',
          noControl: controlsIn(written) === 0,
        })
      }),
      // A proposal the door leaves empty: its author is recorded absent, with the call's usage.
      { numRuns: 30, examples: [['\n', 'VOTE: REJECT\n']] },
    )
    expect(counts).toEqual({ runs: 30, forged: 0 })
  }, 240_000)

  it('a summary: the .sum.md holds the answer as text, and no control', async () => {
    const { counts, check } = tally()
    const folder = await tempFolder('door-summary-')
    const engine = await openEngine({ cwd: folder, env: { HOME: join(folder, 'home') } })
    const file = await engine.create({ title: 'Summary', dir: folder, participants: [] })
    await fc.assert(
      fc.asyncProperty(hostileText, fc.boolean(), async (text, json) => {
        const answer = parseAnswer(json ? JSON.stringify({ comment: text }) : text, {
          votes: false,
        })
        const loaded = await engine.load(file)
        const summary = renderSummary(discussionStatus(loaded.view, {}), {
          source: 'summary.md',
          generated: new Date(),
          aiSummary: answer.kind === 'comment' ? answer.comment : null,
          provider: `hostile${text.slice(0, 8)}`,
        })
        await writeFile(join(folder, 'summary.sum.md'), summary)
        check({ noControl: controlsIn(summary) === 0 })
      }),
      RUNS,
    )
    expect(counts).toEqual({ runs: RUNS.numRuns, forged: 0 })
  }, 120_000)

  it('a new discussion, debate and council: the title and context forge no header, marker or block', async () => {
    const folder = await tempFolder('door-create-')
    const engine = await openEngine({ cwd: folder, env: { HOME: join(folder, 'home') } })
    const { counts, check } = tally()
    let refused = 0
    await fc.assert(
      fc.asyncProperty(hostileName, hostileText, async (title, context) => {
        let files: string[]
        try {
          files = [
            await engine.create({ title, context, dir: folder, participants: ['architect'] }),
            await engine.createDebate({
              title,
              context,
              participants: ['architect', 'security'],
              dir: folder,
            }),
            await engine.createCouncil({ question: `${title}\n${context}`, dir: folder }),
          ]
        } catch (error) {
          if (!(error instanceof TextRefusedError)) throw error
          refused++
          return
        }
        for (const file of files) {
          const written = await readFile(file, 'utf8')
          const parsed = parseDiscussion(written)
          const view = describeDiscussion(parsed)
          check({
            noBlock: parsed.comments.length === 0,
            noPhaseMarker: parsed.phaseMarkers.length === 0,
            statusIsTheEngines: view.status === 'OPEN',
            titleIsOneLine: !(headerValue(parsed, 'Title') ?? '').includes('\n'),
            onlyTheEnginesHeaders:
              parsed.headers.every((h) => HEADER_KEYS.test(h.key)) &&
              new Set(parsed.headers.map((h) => h.key)).size === parsed.headers.length,
            noUnclosedFence: parsed.unclosedFences.length === 0,
            endsWithDelimiter: parsed.endsWithDelimiter,
            noControl: controlsIn(written) === 0,
          })
        }
      }),
      { numRuns: 40 },
    )
    expect(counts).toEqual({ runs: 3 * (40 - refused), forged: 0 })
  }, 240_000)
})
