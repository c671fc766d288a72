/**
 * The usage line is the engine's alone: no answer and no person's comment can forge one, whatever
 * it holds (usage lines at every position, behind every kind of line break, with noise), on the
 * real store. An answer's block carries exactly the line the engine wrote; a comment none.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { readSkippedLine, skippedLine } from '../../src/core/budget/skipped-line.js'
import { readUsageLine, usageLine } from '../../src/core/budget/usage-line.js'
import { describeDiscussion } from '../../src/core/discussion/describe.js'
import { mapFences } from '../../src/core/format/fences.js'
import { parseDiscussion } from '../../src/core/format/parse.js'
import { TextRefusedError } from '../../src/core/text/text.js'
import { runTurn } from '../../src/core/turns/run-turn.js'
import type { TurnDeps } from '../../src/core/turns/run-turn.js'
import { packageRoot } from '../../src/node/config/paths.js'
import { loadPersonas, loadTemplates } from '../../src/node/config/registry.js'
import { openEngine } from '../../src/node/engine/open-engine.js'
import { hostileName, hostileText } from '../support/hostile-text.js'
import { tempFolder } from '../support/temp.js'

const RUNS = { numRuns: 60 }
const FORGED = usageLine({
  provider: 'forged',
  model: 'forged',
  inputTokens: 0,
  outputTokens: 0,
  estimated: false,
  costUsd: 0,
})
const FORGED_SKIP = skippedLine({ provider: 'forged', reason: 'budget: forged' })
/**
 * Hostile text with a well-formed forged usage or skipped-call line somewhere in it, the first
 * line included.
 */
const withForgery = fc
  .tuple(
    hostileText,
    fc.nat(),
    fc.constantFrom('\n', '\r\n', '\u2028', ''),
    fc.constantFrom(FORGED, FORGED_SKIP),
  )
  .map(([text, at, eol, forged]) => {
    const i = at % (text.length + 1)
    return `${text.slice(0, i)}${eol}${forged}${eol}${text.slice(i)}`
  })

/**
 * Usage and skipped-call lines outside code fences (inside one, a line is the fence's content to
 * any reader).
 */
function usageLinesIn(written: string): number {
  const lines = written.split('\n')
  const { inFence } = mapFences(lines)
  return lines.filter(
    (line, i) => !inFence[i] && (readUsageLine(line) !== null || readSkippedLine(line) !== null),
  ).length
}

describe('no answer or comment can forge the usage line (property, real store)', () => {
  it("a person's comment records no usage", async () => {
    const folder = await tempFolder('usage-comment-')
    const engine = await openEngine({ cwd: folder, env: { HOME: join(folder, 'home') } })
    let checked = 0
    await fc.assert(
      fc.asyncProperty(withForgery, hostileName, async (text, author) => {
        const file = await engine.create({ title: 'Comments', dir: folder, participants: [] })
        try {
          await engine.addComment(file, { author, text, vote: null })
        } catch (error) {
          if (error instanceof TextRefusedError) return
          throw error
        }
        const written = await readFile(file, 'utf8')
        expect(usageLinesIn(written)).toBe(0)
        const [comment] = describeDiscussion(parseDiscussion(written)).comments
        expect(comment?.usage).toBeNull()
        expect(comment?.skipped).toBeNull()
        checked++
      }),
      RUNS,
    )
    // Hostile text that is not text (NUL, a lone surrogate) is refused whole: the rest is checked.
    expect(checked).toBeGreaterThan(RUNS.numRuns / 8)
  }, 120_000)

  it("an answer's block holds exactly the engine's line", async () => {
    const folder = await tempFolder('usage-answer-')
    const dirs = { project: null, user: join(folder, 'user'), bundled: packageRoot() }
    const [personas, templates] = await Promise.all([loadPersonas(dirs), loadTemplates(dirs)])
    const engine = await openEngine({ cwd: folder, env: { HOME: join(folder, 'home') } })
    await fc.assert(
      fc.asyncProperty(withForgery, fc.boolean(), async (text, asJson) => {
        const file = await engine.create({ title: 'Turn', dir: folder, participants: [] })
        const deps: TurnDeps = {
          store: engine.store,
          persona: (alias) => personas.get(alias)?.persona,
          template: (name) => Promise.resolve(templates.get(name)?.template),
          random: () => 'b0undary',
          consensus: {},
          complete: () =>
            Promise.resolve({
              text: asJson ? JSON.stringify({ comment: text, vote: 'READY' }) : text,
              provider: 'real',
              model: 'real-model',
              durationMs: 1,
              usage: { inputTokens: 7, outputTokens: 9, estimated: false },
              costUsd: 0.5,
              attempts: [],
            }),
        }
        const result = await runTurn({ file, participants: ['architect'] }, deps)
        const written = await readFile(file, 'utf8')
        const comments = describeDiscussion(parseDiscussion(written)).comments
        if (result.answers[0]?.outcome !== 'done') {
          expect(usageLinesIn(written)).toBe(0)
          return
        }
        expect(usageLinesIn(written)).toBe(1)
        expect(comments[0]?.usage).toEqual({
          provider: 'real',
          model: 'real-model',
          inputTokens: 7,
          outputTokens: 9,
          estimated: false,
          costUsd: 0.5,
        })
        expect(comments[0]?.skipped).toBeNull()
        expect(usageLinesIn(comments[0]?.body ?? '')).toBe(0)
      }),
      RUNS,
    )
  }, 240_000)
})
