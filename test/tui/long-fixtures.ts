/**
 * Long discussions for the terminal UI's open time and its keys while it opens: one comment of
 * about 2 MB (an AI answer may be 2,000,000 bytes by default), and a file of about 50 MB made of
 * many ordinary comments. Generated where they are used, never kept in the repository.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { admitName, admitText, formatCommentBlock, personBody } from '../../src/core/index.js'
import { syntheticDiscussion } from '../../bench/synthetic.js'

const MEGABYTE = 1024 * 1024

function header(title: string): string {
  return (
    `<!-- DISCUSSION -->\n<!-- Title: ${title} -->\n<!-- Phase: review -->\n<!-- Status: OPEN -->\n` +
    `<!-- Participants: architect, security -->\n\n# ${title}\n\n## Context\n\nA long one.\n\n---\n`
  )
}

/**
 * A discussion whose one AI answer is `bytes` long: prose lines of about 90 columns with no blank
 * line between them, so the whole answer is one paragraph to lay out, the hardest case.
 */
export function oneLongComment(bytes = 2 * MEGABYTE): string {
  const words = [
    'the',
    'cache',
    'design',
    'needs',
    'a',
    'clear',
    'failure',
    'mode',
    'under',
    'load',
  ]
  const lines: string[] = []
  let size = 0
  let line = ''
  for (let i = 0; size < bytes; i++) {
    line += `${words[i % words.length] ?? 'x'}${i} `
    if (line.length >= 90) {
      lines.push(line.trimEnd())
      size += line.length
      line = ''
    }
  }
  lines.push('The end of the long answer.')
  const body = lines.join('\n')
  return (
    header('One Long Comment') +
    formatCommentBlock(admitName('AI-Architect'), personBody(admitText(body)), 'CHANGES') +
    formatCommentBlock(admitName('Rob'), personBody(admitText('Noted, thanks.')), null)
  )
}

/** A discussion of about `bytes` made of ordinary comments (markers, code, phase changes). */
export function longFile(bytes = 50 * MEGABYTE): string {
  const sample = syntheticDiscussion(200)
  const count = Math.ceil((bytes / sample.length) * 200)
  return syntheticDiscussion(count).replace('Title: Benchmark', 'Title: Long File')
}

export interface LongFixtures {
  longComment: string
  longFile: string
}

/** Writes both fixtures into `folder`; their paths. */
export async function writeLongFixtures(folder: string): Promise<LongFixtures> {
  const longComment = join(folder, 'one-long-comment.md')
  const longFilePath = join(folder, 'long-file.md')
  await writeFile(longComment, oneLongComment())
  await writeFile(longFilePath, longFile())
  return { longComment, longFile: longFilePath }
}
