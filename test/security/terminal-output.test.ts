/**
 * Every command's output for a hostile project, through a real pseudo-terminal (util-linux's
 * `script`): titles, authors, persona names, questions, decisions, answers and errors holding
 * OSC 52, OSC 0, CSI, DCS, APC, C1 controls and U+202E reach the terminal as text it can only
 * draw. The only sequences left are the tool's own: its colours, and the live progress rows'
 * cursor moves. Each command runs twice, cold and warm.
 */
import { expect, it } from 'vitest'

import { coldThenWarm, runInTerminal } from '../support/run-cli.js'
import {
  attackCsis,
  foreignSequences,
  ownSequence,
  TERMINAL_ATTACKS,
} from '../support/terminal-attacks.js'
import { hostileProject } from './hostile-terminal-project.js'

/** What the CLI itself writes: log-update's cursor moves for the live progress rows. */
const CLI_OWN = ownSequence(['\u001b[1A', '\u001b[2K', '\u001b[G', '\u001b[?25l', '\u001b[?25h'])

/**
 * Each command with the exit codes it may end with and, where it prints hostile text, a sign
 * that it did (so a command that printed nothing cannot pass for a clean one).
 */
const COMMANDS: {
  args: (p: { discussion: string; debate: string }) => string[]
  codes: number[]
  shows?: string
}[] = [
  { args: (p) => ['status', p.discussion], codes: [0], shows: '<U+202E>' },
  { args: (p) => ['status', p.discussion, '--json'], codes: [0], shows: '\\u202e' },
  { args: () => ['list'], codes: [0], shows: '<U+202E>' },
  { args: () => ['list', '--json'], codes: [0], shows: '\\u202e' },
  { args: (p) => ['parse', p.discussion], codes: [0], shows: '\\u202e' },
  { args: (p) => ['votes', p.discussion], codes: [0] },
  { args: (p) => ['route', p.discussion], codes: [0] },
  { args: (p) => ['validate', p.discussion], codes: [0, 1] },
  { args: () => ['participants', 'list'], codes: [0], shows: '<U+202E>' },
  { args: () => ['participants', 'show', 'hostile'], codes: [0], shows: '<U+202E>' },
  { args: () => ['templates', 'list'], codes: [0], shows: '<U+202E>' },
  { args: () => ['templates', 'show', 'hostile'], codes: [0], shows: '<U+202E>' },
  { args: () => ['providers', 'list'], codes: [0] },
  { args: () => ['providers', 'test', 'hostile'], codes: [0], shows: 'Answer' },
  { args: () => ['providers', 'test', 'hostile-fail'], codes: [1, 4], shows: '<U+202E>' },
  { args: (p) => ['turn', p.discussion, '--show-prompt'], codes: [0], shows: '<U+202E>' },
  { args: (p) => ['turn', p.discussion, '@architect', '@hostile'], codes: [0] },
  { args: (p) => ['turn', p.discussion, '@architect', '--provider', 'hostile'], codes: [0] },
  { args: (p) => ['turn', p.discussion, '@architect', '--provider', 'hostile-fail'], codes: [1] },
  { args: (p) => ['status', p.discussion], codes: [0], shows: '<U+202E>' },
  { args: (p) => ['comment', p.discussion, 'Noted.'], codes: [0] },
  { args: (p) => ['summarize', p.discussion], codes: [0] },
  { args: (p) => ['summarize', p.discussion, '--provider', 'hostile'], codes: [0] },
  { args: () => ['council', 'Which way?', '--provider', 'hostile'], codes: [0], shows: '<U+202E>' },
  { args: (p) => ['debate', 'status', p.debate], codes: [0], shows: 'Proposal one' },
  { args: (p) => ['debate', 'status', p.debate, '--json'], codes: [0], shows: '\\u202e' },
  { args: () => ['debate', 'stats'], codes: [0] },
  { args: (p) => ['advance', p.discussion, '--to', 'consensus_vote'], codes: [0, 2] },
  { args: () => ['cleanup'], codes: [0] },
]

coldThenWarm('every command, printing a hostile project to a real terminal', () => {
  it('the attacks are none of the tool own sequences', () => {
    for (const csi of attackCsis()) expect(CLI_OWN(csi), csi).toBe(false)
  })

  it(
    'sends the terminal no OSC, DCS, APC, C1 or foreign CSI, cold and warm',
    { timeout: 600_000 },
    async () => {
      const project = await hostileProject()
      const report: string[] = []
      let attempts = 0
      for (const warmth of ['cold', 'warm']) {
        for (const command of COMMANDS) {
          const args = command.args(project)
          const run = await runInTerminal(args, {
            cwd: project.root,
            env: project.env,
            size: { columns: 120, rows: 40 },
          })
          attempts += Object.keys(TERMINAL_ATTACKS).length
          const name = `${warmth}: discussions ${args.join(' ')}`
          expect(command.codes, `${name} exited ${run.code}:\n${run.stdout}`).toContain(run.code)
          if (command.shows) expect(run.stdout, name).toContain(command.shows)
          for (const finding of foreignSequences(run.stdout, CLI_OWN))
            report.push(`${name}: ${finding}`)
        }
      }
      expect(report).toEqual([])
      expect(attempts).toBeGreaterThan(0)
    },
  )
})
