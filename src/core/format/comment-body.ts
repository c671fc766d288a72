/**
 * The body of a comment block as it goes into the file: the engine's own lines, as they are, and
 * outside text (`Text`), escaped (`escape.ts`). Only the functions here make a `CommentBody`, and
 * the store writes nothing else, so no text reaches a block without passing both the door
 * (`src/core/text`) and the escape.
 */
import type { Text } from '../text/text.js'
import { admitText } from '../text/text.js'
import { escapeAsWritten, escapeText } from './escape.js'

declare const BODY: unique symbol

export type CommentBody = string & { readonly [BODY]: true }

/**
 * One paragraph of a body: outside text (a `VOTE:` line in it never counts), outside text shown
 * as a quotation, or the engine's own lines (which must hold nothing the door would change).
 */
export type BodyPart = Text | { readonly quote: Text } | { readonly engine: string }

function partLines(part: BodyPart): string[] {
  if (typeof part === 'string') return escapeText(part, { votes: false })
  if ('quote' in part)
    return escapeText(part.quote, { votes: false }).map((line) => `> ${line}`.trimEnd())
  // A bug, not an input: an engine line built from a value that skipped the door.
  if (admitText(part.engine) !== part.engine)
    throw new Error(
      `an engine line holds characters that are not text: ${JSON.stringify(part.engine)}`,
    )
  return part.engine === '' ? [] : part.engine.split('\n')
}

/** The parts, each escaped as its kind asks, one paragraph each (empty ones left out). */
export function composeBody(parts: readonly BodyPart[]): CommentBody {
  return parts
    .map((part) => partLines(part).join('\n'))
    .filter((paragraph) => paragraph.trim() !== '')
    .join('\n\n') as CommentBody
}

/** A person's own comment: their `VOTE:` lines count (it is their block). */
export function personBody(text: Text): CommentBody {
  return escapeText(text, { votes: true }).join('\n') as CommentBody
}

/**
 * The body of a block the store wrote, as the parser read it back (the append journal keeps it
 * to restore an answer an editor saved over): written again as it was.
 */
export function bodyAsWritten(text: Text): CommentBody {
  return escapeAsWritten(text).join('\n') as CommentBody
}

/** A body with the engine's line put at its head (an answer's usage line over a debate block). */
export function withEngineHead(line: string, body: CommentBody): CommentBody {
  return composeBody([{ engine: line }, { engine: body }])
}
