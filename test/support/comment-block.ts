import { personBody } from '../../src/core/format/comment-body.js'
import type { CommentBody } from '../../src/core/format/comment-body.js'
import type { HeaderChanges } from '../../src/core/format/header-edit.js'
import type { Vote } from '../../src/core/format/model.js'
import { formatCommentBlock } from '../../src/core/format/serialize.js'
import { admitName, admitText } from '../../src/core/text/text.js'
import type { Name } from '../../src/core/text/text.js'

/** A comment block for a test's file, written as the engine writes a person's comment. */
export function commentBlock(author: string, text: string, vote: Vote | null = null): string {
  return formatCommentBlock(admitName(author), personBody(admitText(text)), vote)
}

/** A person's comment as the store takes it, from plain strings. */
export function personComment(comment: { author: string; text: string; vote?: Vote | null }): {
  author: Name
  body: CommentBody
  vote: Vote | null
} {
  return {
    author: admitName(comment.author),
    body: personBody(admitText(comment.text)),
    vote: comment.vote ?? null,
  }
}

/** Header values as the store takes them, from plain strings. */
export function headerValues(changes: Readonly<Record<string, string>>): HeaderChanges {
  return Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, admitText(value)]))
}
