/**
 * The CLI's consistency, walked through the real bin: every command's `--help` (found from
 * `discussions --help` down, so a new command is walked without a word here), its usage errors
 * (an unknown option; a missing argument) and its `--json` field names. It asserts that a short
 * flag means one thing everywhere, that every usage error is one line with exit 2 naming the
 * command's --help, and that a JSON field name has one shape in every command (but for a
 * deprecated name kept one release); and it prints the tables, for the record.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { expect, it } from 'vitest'

import { RENAMED_FIELDS } from '../../src/cli/renamed-fields.js'
import { SHORT_FLAGS } from '../../src/cli/retired-flags.js'
import { binProject } from '../support/bin-project.js'
import { coldThenWarm } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'

/** Fields that meant something else in one command, kept one release under their old name. */
const DEPRECATED = RENAMED_FIELDS

interface HelpPage {
  command: string
  subcommands: string[]
  /** Each option's long name, with its short flag when it has one. */
  options: { short: string | null; long: string }[]
  requiresArgument: boolean
}

function sectionOf(help: string, title: string): string[] {
  const lines = help.split('\n')
  const start = lines.indexOf(`${title}:`)
  if (start < 0) return []
  const end = lines.findIndex((line, index) => index > start && /^\S/.test(line))
  return lines.slice(start + 1, end < 0 ? undefined : end)
}

function readHelp(command: string, help: string): HelpPage {
  const usage = /^Usage: (.*)$/m.exec(help)?.[1] ?? ''
  return {
    command,
    subcommands: sectionOf(help, 'Commands')
      .map((line) => /^ {2}([a-z][\w-]*)/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined && name !== 'help'),
    options: sectionOf(help, 'Options')
      .map((line) => /^ {2}(?:(-\w), )?(--[\w-]+)/.exec(line))
      .filter((match) => match !== null)
      .map((match) => ({ short: match[1] ?? null, long: match[2] ?? '' })),
    requiresArgument: / <[^>]+>/.test(usage.replace(/\[options\]/, '')),
  }
}

/**
 * `array<string>`, `object<number>` (a record of numbers), `object`, `number`...; null says
 * nothing about a field's shape.
 */
function shapeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) {
    const first: unknown = value.find((item) => item !== null)
    return first === undefined ? 'array' : `array<${shapeOf(first)}>`
  }
  if (typeof value === 'object') {
    const kinds = new Set(Object.values(value).map((item) => typeof item))
    const [kind] = kinds
    return kinds.size === 1 && kind !== 'object' ? `object<${kind}>` : 'object'
  }
  return typeof value
}

/** Shapes that can be the same field: equal, or one says less (null, an empty array). */
function agree(a: string, b: string): boolean {
  if (a === b || a === 'null' || b === 'null') return true
  const saysLess = (less: string, more: string): boolean =>
    (less === 'array' && more.startsWith('array<')) ||
    (less === 'object' && more.startsWith('object<'))
  return saysLess(a, b) || saysLess(b, a)
}

/** Runs `work` on each item, a few at a time (each is a run of the bin). */
async function inTurns<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let at = 0; at < items.length; at += 3)
    results.push(...(await Promise.all(items.slice(at, at + 3).map(work))))
  return results
}

function oneLineUsageError(run: CliRun, command: string): boolean {
  const lines = run.stderr.trimEnd().split('\n')
  return (
    run.code === 2 &&
    run.stdout === '' &&
    lines.length === 1 &&
    lines[0]?.startsWith('error: ') === true &&
    lines[0].endsWith(`Run \`discussions${command === '' ? '' : ` ${command}`} --help\` for usage.`)
  )
}

coldThenWarm('the CLI, every command', () => {
  it(
    'one meaning per short flag, one-line usage errors, one shape per JSON field name',
    { timeout: 600_000 },
    async () => {
      const { root, run } = await binProject()
      // Every command's --help, from the top down.
      const pages: HelpPage[] = []
      let level = ['']
      while (level.length > 0) {
        const found = await inTurns(level, async (command) => {
          const help = await run([...command.split(' ').filter(Boolean), '--help'])
          expect(help.code, `${command} --help`).toBe(0)
          expect(help.stderr, `${command} --help`).toBe('')
          return readHelp(command, help.stdout)
        })
        pages.push(...found)
        level = found.flatMap((page) =>
          page.subcommands.map((name) => `${page.command} ${name}`.trim()),
        )
      }
      // Commands that run: those without subcommands, and a group that runs too (`council`).
      const leaves = pages.filter(
        (page) =>
          page.command !== '' &&
          (page.subcommands.length === 0 || page.options.some((o) => o.long !== '--help')),
      )
      expect(leaves.map((page) => page.command)).toEqual(
        expect.arrayContaining(['turn', 'status', 'parse', 'debate new', 'providers test']),
      )

      // A short flag means one long option wherever it is defined.
      const meanings = new Map<string, Set<string>>()
      for (const page of pages)
        for (const option of page.options)
          if (option.short !== null)
            meanings.set(option.short, (meanings.get(option.short) ?? new Set()).add(option.long))
      for (const [short, longs] of meanings) {
        expect([...longs], `${short} means one thing`).toHaveLength(1)
        const fixed = SHORT_FLAGS[short]
        if (fixed !== undefined) expect([...longs]).toEqual([fixed])
      }

      // Usage errors: one line, exit 2, naming the command's --help.
      const errors = await inTurns(leaves, async (page) => {
        const words = page.command.split(' ')
        const unknown = await run([...words, '--no-such-option'])
        const missing = page.requiresArgument ? await run(words) : null
        return { page, unknown, missing }
      })
      for (const { page, unknown, missing } of errors) {
        expect(
          oneLineUsageError(unknown, page.command),
          `${page.command} --no-such-option: ${unknown.stderr}`,
        ).toBe(true)
        if (missing)
          expect(
            oneLineUsageError(missing, page.command),
            `${page.command}: ${missing.stderr}`,
          ).toBe(true)
      }

      // --json field names, on one discussion, one debate and the demo provider.
      const created = await run(['new', 'Cache', '--participants', 'architect,security'])
      const file = /^Created: (.+)$/m.exec(created.stdout)?.[1] ?? ''
      // A vote and a marker of each kind, so the fields that hold them are not empty.
      const markers = 'Q: Which store?\nDECISION: Use Redis.\nTODO: Measure it.\nCONCERN: Memory.'
      expect((await run(['comment', file, markers, '--vote', 'READY'])).code).toBe(0)
      const debate =
        /^Created: (.+)$/m.exec((await run(['debate', 'new', 'Queue'])).stdout)?.[1] ?? ''
      expect(await readdir(join(root, 'discussions'))).toHaveLength(2)
      const jsonCommands: string[][] = [
        ['parse', file],
        ['status', file, '--json'],
        ['list', '--json'],
        ['validate', file, '--json'],
        ['votes', file],
        ['route', file],
        ['gate', file, '--json'],
        ['participants', 'list', '--json'],
        ['participants', 'show', 'architect', '--json'],
        ['templates', 'list', '--json'],
        ['templates', 'show', 'feature', '--json'],
        ['providers', 'list', '--json', '--offline'],
        ['cleanup', '--json'],
        ['debate', 'status', debate, '--json'],
        ['debate', 'stats', '--json'],
        ['turn', file, '@architect', '--json'],
      ]
      const outputs = await inTurns(jsonCommands, async (args) => {
        const result = await run(args)
        expect(result.stdout.trim(), args.join(' ')).not.toBe('')
        // A run's --json is one object a line; its last line is the result.
        const text =
          args[0] === 'turn' ? (result.stdout.trim().split('\n').pop() ?? '') : result.stdout
        const value: unknown = JSON.parse(text)
        const object = Array.isArray(value) ? (value[0] as unknown) : value
        const name = args.filter((word) => !/^[-@]/.test(word) && word !== file && word !== debate)
        return {
          command: name.slice(0, 2).join(' '),
          fields: Object.entries(object ?? {}),
        }
      })
      const shapes = new Map<string, Map<string, string>>()
      for (const { command, fields } of outputs)
        for (const [field, value] of fields) {
          const deprecated = DEPRECATED.some((d) => d.command === command && d.field === field)
          if (deprecated) continue
          const byCommand = shapes.get(field) ?? new Map<string, string>()
          byCommand.set(command, shapeOf(value))
          shapes.set(field, byCommand)
        }
      const disagreements: string[] = []
      for (const [field, byCommand] of shapes) {
        const seen = [...byCommand.values()]
        if (!seen.every((a) => seen.every((b) => agree(a, b))))
          disagreements.push(`${field}: ${[...byCommand].map(([c, s]) => `${c}=${s}`).join(', ')}`)
      }
      expect(disagreements).toEqual([])
      // The renamed field is there under its new name, and still under its old one.
      for (const { command, field, now } of DEPRECATED) {
        const names = outputs
          .find((output) => output.command === command)
          ?.fields.map(([name]) => name)
        expect(names, command).toContain(now)
        expect(names, command).toContain(field)
      }

      // The tables, for the record.
      const table = [
        '| command | options (short) | unknown option | missing argument |',
        '| --- | --- | --- | --- |',
        ...errors.map(({ page, unknown, missing }) => {
          const flags = page.options
            .filter((o) => o.long !== '--help')
            .map((o) => (o.short ? `${o.short} ${o.long}` : o.long))
          const said = (r: CliRun | null): string =>
            r === null ? '-' : `exit ${r.code}, ${r.stderr.trimEnd().split('\n').length} line`
          return `| ${page.command} | ${flags.join(' ') || '-'} | ${said(unknown)} | ${said(missing)} |`
        }),
        '',
        '| short flag | means |',
        '| --- | --- |',
        ...[...meanings].sort().map(([short, longs]) => `| ${short} | ${[...longs].join(', ')} |`),
        '',
        '| JSON field in 2+ commands | commands: shape |',
        '| --- | --- |',
        ...[...shapes]
          .filter(([, byCommand]) => byCommand.size > 1)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(
            ([field, byCommand]) =>
              `| ${field} | ${[...byCommand].map(([c, s]) => `${c}: ${s}`).join('; ')} |`,
          ),
        '',
        ...DEPRECATED.map(
          (d) =>
            `deprecated: \`${d.command} --json\` .${d.field} (read .${d.now}), kept one release`,
        ),
      ]
      console.log(table.join('\n'))
    },
  )
})
