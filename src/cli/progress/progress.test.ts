import { PassThrough } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'

import { afterEach, describe, expect, it, vi } from 'vitest'

import type { DebateEvent } from '../../core/debate/events.js'
import type { TurnEvent } from '../../core/turns/turn-events.js'
import { councilLayout } from './council-layout.js'
import { debateLayout } from './debate-layout.js'
import { plainProgress } from './index.js'
import { liveProgress } from './live-progress.js'
import { colourWanted, formatRow } from './live-renderer.js'
import { turnLayout } from './turn-layout.js'

/** A stream that says it is a terminal of the given width, keeping what is written to it. */
function terminal(columns = 80): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & { columns: number }
  Object.assign(stream, { isTTY: true, columns, rows: 24 })
  const chunks: string[] = []
  ;(stream as unknown as PassThrough).on('data', (chunk: Buffer) => chunks.push(String(chunk)))
  return { stream, text: () => chunks.join('') }
}

/** Everything written to a stream so far (read() may hand back one chunk at a time). */
function readAll(stream: PassThrough): string {
  const chunks: string[] = []
  for (
    let chunk = stream.read() as Buffer | null;
    chunk !== null;
    chunk = stream.read() as Buffer | null
  )
    chunks.push(chunk.toString('utf8'))
  return chunks.join('')
}

const usage = { inputTokens: 1200, outputTokens: 80, estimated: false }

const turnEvents: TurnEvent[] = [
  { type: 'queued', participant: 'architect' },
  { type: 'queued', participant: 'security' },
  { type: 'started', participant: 'architect' },
  { type: 'text', participant: 'architect', delta: 'x', comment: 'first line\nsecond line' },
  {
    type: 'done',
    participant: 'security',
    author: 'AI-Security',
    vote: 'READY',
    provider: 'demo',
    durationMs: 1500,
    usage,
    costUsd: null,
    line: 12,
    note: null,
  },
]

describe('progress', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes one plain line per event and leaves streamed text out', () => {
    const out = new PassThrough()
    const progress = plainProgress(out, false, turnLayout)
    for (const event of turnEvents) progress.onEvent(event)
    progress.stop()
    expect(readAll(out)).toBe(
      [
        'architect: queued',
        'security: queued',
        'architect: thinking',
        'security: done, vote READY, 1.5s via demo, 1.2k in / 80 out, line 12',
        '',
      ].join('\n'),
    )
  })

  it('writes JSON objects with --json, without the chatty ones', () => {
    const out = new PassThrough()
    const progress = plainProgress(out, true, turnLayout)
    for (const event of turnEvents) progress.onEvent(event)
    const lines = readAll(out).trim().split('\n')
    expect(lines.map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
      'queued',
      'queued',
      'started',
      'done',
    ])
  })

  it('draws one live row per participant on a terminal, the streamed text as its last line', () => {
    const screen = terminal()
    const progress = liveProgress(screen.stream, turnLayout, { NO_COLOR: '1' })
    for (const event of turnEvents) progress.onEvent(event)
    progress.stop()
    const text = stripVTControlCharacters(screen.text())
    expect(text).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] architect {6}“second line” \d+s/)
    expect(text).toContain('✔ security       done, vote READY, 1.5s via demo')
    expect(screen.text()).not.toContain('\u001b[32m')
  })

  it('colours the marks unless NO_COLOR is set', () => {
    expect(colourWanted({})).toBe(true)
    expect(colourWanted({ NO_COLOR: '' })).toBe(true)
    expect(colourWanted({ NO_COLOR: '1' })).toBe(false)
    const screen = terminal()
    const progress = liveProgress(screen.stream, turnLayout, {})
    for (const event of turnEvents) progress.onEvent(event)
    progress.stop()
    expect(screen.text()).toContain(`\u001b[32m✔\u001b[39m security`)
  })

  it('cuts a row to the terminal width, counting no colour codes', () => {
    const row = {
      label: 'architect',
      state: 'done',
      detail: 'x'.repeat(200),
      started: null,
    } as const
    for (const colour of [false, true]) {
      const text = formatRow(
        row,
        { indent: '', labelWidth: 14 },
        { frame: '⠋', now: 0, width: 40, colour },
      )
      expect(stripVTControlCharacters(text)).toHaveLength(40)
      expect(text.endsWith('…')).toBe(true)
    }
  })

  it('prints finished debate steps above the rows in flight and drops the rows at the end', () => {
    vi.useFakeTimers()
    const screen = terminal()
    const progress = liveProgress(screen.stream, debateLayout, { NO_COLOR: '1' })
    const events: DebateEvent[] = [
      { type: 'phase-started', round: 1, phase: 'propose', participants: ['ann', 'bob'] },
      { type: 'participant-started', round: 1, phase: 'propose', participant: 'ann' },
      { type: 'participant-text', round: 1, phase: 'propose', participant: 'ann', chars: 42 },
    ]
    for (const event of events) progress.onEvent(event)
    vi.advanceTimersByTime(2100) // the next redraw, two seconds after @ann started
    const text = stripVTControlCharacters(screen.text())
    expect(text).toContain('  propose: asking @ann, @bob\n')
    expect(text).toMatch(/ {4}[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] @ann {10}writing \(42 chars\) 2s/)
    expect(text).toContain('    · @bob          queued')
    const before = screen.text().length
    progress.stop()
    expect(stripVTControlCharacters(screen.text().slice(before))).not.toContain('@bob')
  })

  it('shows a council call by its label and the ranking under the rows', () => {
    const screen = terminal(120)
    const progress = liveProgress(screen.stream, councilLayout, { NO_COLOR: '1' })
    progress.onEvent({
      type: 'plan',
      calls: [
        { label: 'council-r1-skeptic', role: 'skeptic', round: 1, stage: 'opening', done: true },
        { label: 'council-r1-builder', role: 'builder', round: 1, stage: 'opening', done: false },
      ],
    })
    progress.onEvent({ type: 'ranking', text: '1. builder' })
    progress.stop()
    const text = stripVTControlCharacters(screen.text())
    expect(text).toContain('✔ council-r1-skeptic       answered earlier (in the file)')
    expect(text).toContain('· council-r1-builder       queued\n\n1. builder')
  })
})
