/**
 * The search benchmark's folder: `discussions` files of `comments` comments each, written from a
 * seeded generator so every run searches the same text. Words come from a vocabulary of a few
 * thousand, as real prose repeats some words often and most rarely; a few topic words ("GDPR",
 * "idempotency") appear in about one comment in fifty, like the subject a person looks for.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { admitName, admitText, formatCommentBlock, personBody } from '../src/core/index.js'

const AUTHORS = ['AI-Architect', 'AI-Security', 'AI-Pragmatist', 'AI-Designer', 'Rob', 'Dana']
const VOTES = ['READY', 'CHANGES', 'REJECT', null, null] as const
const MARKERS = ['Q:', 'CONCERN:', 'DECISION:', 'TODO:']
const TOPICS = ['GDPR', 'idempotency', 'backpressure', 'Kubernetes', 'rollback']
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qu', 'dri', 'ston']

/** A small seeded generator (mulberry32): the same folder on every machine. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function vocabulary(): string[] {
  const words: string[] = []
  for (const a of SYLLABLES)
    for (const b of SYLLABLES) for (const c of SYLLABLES) words.push(`${a}${b}${c}`)
  return words
}

export async function writeSearchFixture(
  folder: string,
  discussions = 1000,
  comments = 100,
): Promise<void> {
  await mkdir(folder, { recursive: true })
  const random = seeded(37)
  const words = vocabulary()
  // Squaring skews the picks towards the start of the list: a few words are common, most rare.
  const word = (): string => words[Math.floor(random() ** 2 * words.length)] ?? 'ka'
  const sentence = (length: number): string =>
    Array.from({ length }, () => (random() < 0.0005 ? pick(TOPICS) : word())).join(' ')
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  for (let d = 0; d < discussions; d++) {
    const title = `Design ${d}: ${sentence(3)}`
    const parts = [
      `<!-- DISCUSSION -->\n<!-- Title: ${title} -->\n<!-- Template: feature -->\n<!-- Phase: initial_feedback -->\n<!-- Status: OPEN -->\n<!-- Participants: architect, security, pragmatist, designer -->\n\n# ${title}\n\n## Context\n\n${sentence(40)}.\n\n---\n`,
    ]
    for (let c = 0; c < comments; c++) {
      const body = [`${sentence(25)}.`, `${sentence(20)}.`]
      if (random() < 0.3) body.push(`${pick(MARKERS)} ${sentence(8)}?`)
      parts.push(
        formatCommentBlock(
          admitName(pick(AUTHORS)),
          personBody(admitText(body.join('\n\n'))),
          pick(VOTES),
        ),
      )
    }
    await writeFile(join(folder, `design-${String(d).padStart(4, '0')}.md`), parts.join(''))
  }
}
