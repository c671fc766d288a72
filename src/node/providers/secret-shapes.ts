/**
 * The shapes a secret takes when a model or a server writes it back: as it is, in any case,
 * reversed, percent-encoded (URL-encoding), as hex (`6b65`, `6b:65`, `\x6b\x65`, `0x6b, 0x65`),
 * as base64 or base64url (inside a longer encoded text too, at any of the three byte alignments),
 * and split anywhere by white space, line breaks, invisible characters or terminal colour codes
 * (the door and the terminal sanitiser remove those later, which would join the pieces again).
 *
 * Rather than a pattern for every way of writing every secret, the text is read in three views
 * where each shape becomes one plain string: without its gaps (the characters that may split a
 * key), with base64url's `-_` read as `+/`; the same in lower case with %HH decoded; and its hex
 * digits alone. Each view remembers where its characters stand in the text, so what is found
 * there is redacted in the text itself. Percent-decoding is per byte: it finds ASCII keys (API
 * keys are) in any mix of plain and encoded characters.
 */

/** An escape character, as itself or as a JSON string writes it (`\u001b`). */
const ESC = String.raw`(?:\u001b|\\u001b)`
/** The characters that may split a secret, and their JSON escapes (`\n`, `\u200b`). */
const SPLITTING = String.raw`[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]`
const SPLITTING_JSON = String.raw`\\(?:[nrtbf]|u(?:00[01][0-9a-fA-F]|007[fF]|00[89][0-9a-fA-F]|00[aA][dD]|200[b-fB-F]|202[8-9a-eA-E]|206[0-9a-fA-F]|[fF][eE][fF][fF]))`

/**
 * What may split a written secret: white space, controls, invisible characters, and the escape
 * sequences a reader removes (CSI such as colours, OSC such as titles, as Node's
 * stripVTControlCharacters does before an answer is shown); each also as a JSON string writes it,
 * since a command provider's answer streams as raw JSON before it is decoded.
 */
const GAP = new RegExp(
  [
    String.raw`${ESC}\[[0-?]*[ -/]*[@-~]`,
    String.raw`${ESC}\][^\u0007\u001b\\]*(?:\u0007|\\u0007|${ESC}\\\\?)`,
    SPLITTING,
    SPLITTING_JSON,
  ].join('|'),
  'g',
)

/** A view of a text: its characters, and for each the span of the text it was read from. */
interface View {
  text: string
  start: Int32Array
  end: Int32Array
}

export interface TextViews {
  /** Without gaps, base64url's `-` and `_` read as `+` and `/`: where base64 is found. */
  gapless: View
  /** Without gaps, in lower case: where the key, in any case or reversed, is found... */
  lower: View
  /** ...and the same with %HH decoded, where it is percent-encoded (in part or whole). */
  decoded: View
  /** Without gaps, the hex digits alone (no `\x`, `0x`, `:` or `,`), in lower case... */
  hex: View
  /**
   * ...and the same with `0x` kept: a plain hex key whose last digit is 0 followed by an `x`
   * (`…50 x`) would otherwise lose that 0 to a `0x` read where there is none.
   */
  plainHex: View
}

/** One secret's shapes as the strings each view shows them as. */
export interface SecretShapes {
  gapless: string[]
  lower: string[]
  decoded: string[]
  hex: string[]
  plainHex: string[]
}

/** Lower case with the same length, so the view keeps its positions (ASCII only where one grows). */
function lowerSameLength(text: string): string {
  const lower = text.toLowerCase()
  return lower.length === text.length ? lower : text.replace(/[A-Z]/g, (c) => c.toLowerCase())
}

/**
 * A view read from another: each match of `pattern` stands for what `replace` makes of it (the
 * characters it returns, each standing for the whole match, or none), the characters between
 * are kept as they are.
 */
function rewrite(from: View, pattern: RegExp, replace: (match: string) => string): View {
  const parts: string[] = []
  const start = new Int32Array(from.text.length)
  const end = new Int32Array(from.text.length)
  let length = 0
  let kept = 0
  const keep = (until: number): void => {
    start.set(from.start.subarray(kept, until), length)
    end.set(from.end.subarray(kept, until), length)
    length += until - kept
    parts.push(from.text.slice(kept, until))
  }
  pattern.lastIndex = 0
  for (let match = pattern.exec(from.text); match; match = pattern.exec(from.text)) {
    keep(match.index)
    const read = replace(match[0])
    parts.push(read)
    for (let index = 0; index < read.length; index++) {
      start[length] = from.start[match.index] ?? 0
      end[length] = from.end[match.index + match[0].length - 1] ?? 0
      length++
    }
    kept = match.index + match[0].length
  }
  keep(from.text.length)
  return { text: parts.join(''), start: start.subarray(0, length), end: end.subarray(0, length) }
}

/** Where an escape cut short ends the text: `%`, `%6`, `\`, `\x`, `\x6`, `0`, `0x`, `0x6`. */
const UNFINISHED_ESCAPE = /(?:%[0-9a-f]?|\\(?:x[0-9a-f]?)?|0(?:x[0-9a-f]?)?)$/i

function withoutGaps(text: string): View {
  const start = new Int32Array(text.length)
  const end = new Int32Array(text.length)
  for (let index = 0; index < text.length; index++) {
    start[index] = index
    end[index] = index + 1
  }
  return rewrite({ text, start, end }, GAP, () => '')
}

export function textViews(text: string): TextViews {
  const gapless = withoutGaps(text)
  const lower = { ...gapless, text: lowerSameLength(gapless.text) }
  const decoded = rewrite(gapless, /%[0-9a-f]{2}/gi, (escape) =>
    String.fromCharCode(parseInt(escape.slice(1), 16)),
  )
  return {
    gapless: { ...gapless, text: gapless.text.replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')) },
    lower,
    decoded: { ...decoded, text: lowerSameLength(decoded.text) },
    // A `0x` byte is read whole (`0x50` is `50`), so a `0x` made of a byte's last digit and an
    // `x` after it (`0x50 xa`) does not eat that digit.
    hex: rewrite(lower, /\\+x|[:,]|0x[0-9a-f]{2}|0x/g, (match) =>
      match.length === 4 && match.startsWith('0x') ? match.slice(2) : '',
    ),
    plainHex: rewrite(lower, /\\+x|[:,]/g, () => ''),
  }
}

/**
 * Where an escape cut short ends the text (`%`, `%6`, `\`, `\x`, `\x6`, `0`, `0x`, `0x6`, gaps
 * aside): a stream's next piece may make it a character of a key. Null when there is none.
 */
export function unfinishedEscapeAt(text: string): number | null {
  const gapless = withoutGaps(text)
  const unfinished = UNFINISHED_ESCAPE.exec(gapless.text)
  return unfinished ? (gapless.start[unfinished.index] ?? null) : null
}

/**
 * The base64 characters that depend on the secret alone when it starts `shift` bytes into the
 * encoded text: the first few and the last few also carry bits of the bytes around it.
 */
function base64Core(bytes: Buffer, shift: number): string {
  const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64')
  return encoded.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6))
}

export function secretShapes(secret: string): SecretShapes {
  const lower = lowerSameLength(secret)
  const bytes = Buffer.from(secret, 'utf8')
  return {
    gapless: [0, 1, 2].map((shift) => base64Core(bytes, shift)),
    lower: [lower, Array.from(lower).reverse().join('')],
    decoded: [lower, Array.from(lower).reverse().join('')],
    hex: [bytes.toString('hex')],
    plainHex: [bytes.toString('hex')],
  }
}

const VIEWS = ['gapless', 'lower', 'decoded', 'hex', 'plainHex'] as const

/** Where each whole shape stands in the text: [start, end) spans. */
export function shapeSpans(views: TextViews, shapes: readonly SecretShapes[]): [number, number][] {
  const spans: [number, number][] = []
  for (const shape of shapes)
    for (const name of VIEWS) {
      const view = views[name]
      for (const target of shape[name]) {
        if (target === '') continue
        for (let at = view.text.indexOf(target); at !== -1; at = view.text.indexOf(target, at + 1))
          spans.push([view.start[at] ?? 0, view.end[at + target.length - 1] ?? 0])
      }
    }
  return spans
}

/** The length of the longest start of `target` (not all of it) the text ends with. */
function startOfTargetAtEnd(text: string, target: string): number {
  const last = text.charCodeAt(text.length - 1)
  for (let length = Math.min(target.length - 1, text.length); length > 0; length--) {
    if (target.charCodeAt(length - 1) !== last) continue
    if (text.startsWith(target.slice(0, length), text.length - length)) return length
  }
  return 0
}

/**
 * Where in the text a shape may be starting that the text does not yet hold whole (a stream's
 * next piece may complete it): the earliest such place, or null.
 */
export function shapeMayBegin(views: TextViews, shapes: readonly SecretShapes[]): number | null {
  let earliest: number | null = null
  for (const shape of shapes)
    for (const name of VIEWS) {
      const view = views[name]
      for (const target of shape[name]) {
        const length = startOfTargetAtEnd(view.text, target)
        if (length === 0) continue
        const at = view.start[view.text.length - length] ?? 0
        earliest = earliest === null ? at : Math.min(earliest, at)
      }
    }
  return earliest
}
