/**
 * The one door for text from outside: a provider's answer (after its JSON is decoded), a comment
 * typed in the CLI or the app, a proposal, a critique, a title, a name, a config value. Whatever a
 * writer puts into a discussion file is a `Text` (or a `Name`), and only this module makes one, so
 * a writer that skips the door does not compile.
 *
 * Crossing the door:
 * - every line break a reader might see becomes `\n`: CRLF, CR CR LF, a lone CR, U+2028, U+2029
 *   and NEL (U+0085); nothing can hide a line from a parser that splits on `\n`;
 * - terminal escape sequences (CSI, OSC, DCS, ... in their 7- and 8-bit forms) are removed whole,
 *   then every other C0 and C1 control but `\t` and `\n` (ESC, NUL, BEL, DEL ...), and lone
 *   surrogates, which no file can hold;
 * - characters that change what a reader sees without being seen are shown as `<U+202E>`: the bidi
 *   overrides and isolates (U+202A-U+202E, U+2066-U+2069) and invisible characters with no place in
 *   text (U+200B, U+2060-U+2064, U+FEFF, tag characters ...). Body text keeps the joiners and marks
 *   that writing needs (U+200C, U+200D, U+200E, U+200F, U+061C, the soft hyphen); a name shows
 *   those too, and is one line.
 *
 * Text typed by a person is refused, not repaired, when it holds NUL, a lone surrogate or U+FFFD
 * (what a byte that is not UTF-8 becomes on the way in); bytes are refused when they are not UTF-8.
 * A provider's answer is repaired, and says how many characters it lost (`admitAnswer`).
 */
import { DiscussionError } from '../errors.js'

declare const TEXT: unique symbol
declare const NAME: unique symbol

/** Text that came through the door: `\n` line breaks only, no controls, no hidden reordering. */
export type Text = string & { readonly [TEXT]: true }

/** A name (author, persona, title): a `Text` of one line, with nothing invisible in it. */
export type Name = Text & { readonly [NAME]: true }

/** Text a person gave that is refused as it stands; the message says what is wrong. */
export class TextRefusedError extends DiscussionError {}

const LINE_BREAKS = /\r\r\n|\r\n|\r|\u2028|\u2029|\u0085/g

/**
 * Escape sequences, removed whole so no remainder (`]52;c;...`) is left: CSI with its parameters;
 * OSC, DCS, SOS, PM and APC up to their terminator (BEL or ST) on the same line; any other ESC
 * sequence. A string sequence that is never terminated loses only its introducer.
 */
const ESCAPE_SEQUENCES = new RegExp(
  [
    '(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]',
    '(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f])[^\\u0007\\u001b\\u009c\\n\\r\\u0085\\u2028\\u2029]*(?:\\u0007|\\u001b\\\\|\\u009c)',
    '\\u001b[\\u0020-\\u002f]*[\\u0030-\\u007e]',
  ].join('|'),
  'g',
)

/** C0 and C1 controls but tab and line feed (NUL apart: see `NOT_TEXT`). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROLS = /[\u0001-\u0008\u000b-\u001f\u007f-\u009f]/g

/**
 * What is not text at all: NUL, lone surrogates, the noncharacters U+FFFE and U+FFFF, and (in an
 * answer) U+FFFD, what a byte that was not UTF-8 became when it was decoded. Escape sequences and
 * other controls are formatting a terminal understands; these are bytes that were never text.
 */
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex -- NUL is the first thing it looks for
  /\u0000|[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Shown in any text: bidi overrides and isolates, and invisible characters text has no use for. */
const HIDDEN =
  /[\u202a-\u202e\u2066-\u2069\u206a-\u206f\u200b\u2060-\u2064\ufeff\u180e\ufff9-\ufffb\u115f-\u1160\u3164\uffa0\u{e0000}-\u{e007f}]/gu

/** Also shown in names: the joiners and marks body text needs, and the soft hyphen. */
const HIDDEN_IN_NAMES = /[\u00ad\u061c\u200c-\u200f]|\u034f|\u17b4|\u17b5/g

const REPLACEMENT = /\ufffd/g

function visible(char: string): string {
  const code = char.codePointAt(0) ?? 0
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`
}

interface Crossing {
  text: string
  /** Characters removed as not text (`NOT_TEXT`); controls and escape sequences are not counted. */
  removed: number
}

function removeCounted(text: string, pattern: RegExp, counter: { removed: number }): string {
  return text.replace(pattern, (match) => {
    counter.removed += match.length
    return ''
  })
}

/** The door itself: every other function here is this with the rules of its kind of text. */
function cross(raw: string, options: { name?: boolean; replacements?: boolean } = {}): Crossing {
  const counter = { removed: 0 }
  let text = raw
  // Fast path: printable ASCII with LF and tab is already text.
  if (/[^\t\n\u0020-\u007e]/.test(text)) {
    text = text.replace(ESCAPE_SEQUENCES, '')
    text = text.replace(LINE_BREAKS, '\n')
    text = text.replace(CONTROLS, '')
    text = removeCounted(text, NOT_TEXT, counter)
    if (options.replacements) text = removeCounted(text, REPLACEMENT, counter)
    text = text.replace(HIDDEN, visible)
    if (options.name) text = text.replace(HIDDEN_IN_NAMES, visible)
  }
  if (options.name) text = text.replace(/\s+/g, ' ').trim()
  return { text, removed: counter.removed }
}

/** Outside text a person did not type (a file's text, a config value, an engine's quote of one). */
export function admitText(raw: string): Text {
  return cross(raw).text as Text
}

/**
 * A provider's answer (or a string decoded from the JSON in one): repaired, never refused. What
 * was not text (NUL, U+FFFD, a lone surrogate) is removed and counted in `removed`, for a note on
 * the comment; escape sequences and controls go too, without a note (agent CLIs print colours).
 */
export function admitAnswer(raw: string): { text: Text; removed: number } {
  const { text, removed } = cross(raw, { replacements: true })
  return { text: text as Text, removed }
}

/** What a comment says when its answer lost characters at the door; null when it lost none. */
export function removedNote(removed: number): string | null {
  if (removed === 0) return null
  const what =
    removed === 1
      ? '1 character that is not text was'
      : `${removed} characters that are not text were`
  return `${what} removed from this answer: NUL bytes, or bytes that were not UTF-8.`
}

/** `what` names the text in the message: "The comment", "The title". */
function refuseUnlessTyped(raw: string, what: string): void {
  const nul = raw.indexOf('\u0000')
  if (nul !== -1)
    throw new TextRefusedError(
      `${what} holds a NUL byte (at character ${nul + 1}): it is binary, not text; give text instead.`,
    )
  const replacement = raw.indexOf('\ufffd')
  if (replacement !== -1)
    throw new TextRefusedError(
      `${what} is not valid UTF-8 (U+FFFD at character ${replacement + 1} stands for a byte that was not); save it as UTF-8 and try again.`,
    )
  const surrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(
    raw,
  )
  if (surrogate)
    throw new TextRefusedError(
      `${what} is not valid Unicode (a lone surrogate at character ${surrogate.index + 1}); give text instead.`,
    )
}

/** Text a person typed or piped in: refused when it is not text, else through the door. */
export function admitTyped(raw: string, what: string): Text {
  refuseUnlessTyped(raw, what)
  return admitText(raw)
}

/** Bytes a person piped in: refused unless they are UTF-8 text; a leading byte-order mark goes. */
export function typedFromBytes(bytes: Uint8Array, what: string): Text {
  let decoded: string
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new TextRefusedError(
      `${what} is not valid UTF-8 (is it binary?); give text saved as UTF-8.`,
    )
  }
  return admitTyped(decoded, what)
}

/**
 * A name: one line of visible text, every invisible or reordering character shown. `what` names it
 * in the message when nothing visible is left ("The author name").
 */
export function admitName(raw: string, what = 'The name'): Name {
  const { text } = cross(raw, { name: true })
  if (text === '') throw new TextRefusedError(`${what} is empty; give one.`)
  return text as Name
}

/** A name a person typed: refused when it is not text (see `admitTyped`), else `admitName`. */
export function admitTypedName(raw: string, what: string): Name {
  refuseUnlessTyped(raw, what)
  return admitName(raw, what)
}

/** Text on one line (a reason in a record line): whitespace runs, line breaks included, become one space. */
export function oneLine(text: Text): Text {
  return text.replace(/\s+/g, ' ').trim() as Text
}

/** Text joined by `separator` (engine words and Text only, so the result is still Text). */
export function joinText(parts: readonly Text[], separator: '\n' | '\n\n' | ' ' | ', '): Text {
  return parts.join(separator) as Text
}
