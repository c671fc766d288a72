/**
 * The shapes a key can be written back in (a model talked into repeating it, a server echoing
 * it), and a detector that finds the key in any of them: what redaction must leave no trace of.
 */

const hex = (key: string): string => Buffer.from(key, 'utf8').toString('hex')
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64')
const reverse = (text: string): string => Array.from(text).reverse().join('')
const percent = (key: string): string =>
  [...Buffer.from(key, 'utf8')]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('')
const chunks = (text: string, size: number): string[] =>
  text.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? []

/** Each shape by name: 25 of them. */
export const SECRET_SHAPES: Record<string, (key: string) => string> = {
  'as it is': (key) => key,
  'upper-cased': (key) => key.toUpperCase(),
  'lower-cased': (key) => key.toLowerCase(),
  'alternating case': (key) =>
    Array.from(key)
      .map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase()))
      .join(''),
  reversed: (key) => reverse(key),
  'reversed, upper-cased': (key) => reverse(key).toUpperCase(),
  base64: (key) => base64(key),
  'base64 without padding': (key) => base64(key).replace(/=+$/, ''),
  base64url: (key) => Buffer.from(key).toString('base64url'),
  'base64 of a header holding it': (key) => base64(`Authorization: Bearer ${key}`),
  'base64 of a line holding it': (key) => base64(`key=${key}\n`),
  'base64 wrapped every 20 characters': (key) => chunks(base64(`token: ${key}`), 20).join('\r\n'),
  'URL-encoded, every byte': (key) => percent(key),
  'URL-encoded, lower-case hex': (key) => percent(key).toLowerCase(),
  hex: (key) => hex(key),
  'hex, upper-case': (key) => hex(key).toUpperCase(),
  'hex with colons': (key) => chunks(hex(key), 2).join(':'),
  'hex as \\x escapes': (key) =>
    chunks(hex(key), 2)
      .map((byte) => `\\x${byte}`)
      .join(''),
  'hex as 0x bytes': (key) =>
    chunks(hex(key), 2)
      .map((byte) => `0x${byte}`)
      .join(', '),
  'split by spaces': (key) => chunks(key, 4).join(' '),
  'split by line breaks': (key) => chunks(key, 8).join('\r\n'),
  'one character a line': (key) => Array.from(key).join('\n'),
  'split by zero-width spaces': (key) => Array.from(key).join('\u200b'),
  'split by colour codes': (key) => chunks(key, 5).join('\u001b[31m\u001b[0m'),
  'split by title sequences': (key) => chunks(key, 6).join('\u001b]0;x\u0007'),
}

/**
 * Everything that may stand between the pieces of a written key, removed: escape sequences,
 * white space, controls, invisible characters, and the same as JSON escapes (`\n`, `\u001b[0m`),
 * as a program's raw JSON answer streams them.
 */
const ESCAPE = String.raw`(?:\u001b|\\u001b)`
const GAPS = new RegExp(
  [
    String.raw`${ESCAPE}\[[0-?]*[ -/]*[@-~]`,
    String.raw`${ESCAPE}\][^\u0007\u001b\\]*(?:\u0007|\\u0007|${ESCAPE}\\\\?)`,
    String.raw`\\[nrtbf]|\\u(?:00[0-9a-f]{2}|200[b-f]|feff)`,
    String.raw`[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]`,
  ].join('|'),
  'gi',
)

function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8')
  return [0, 1, 2].flatMap((shift) => {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64')
    const core = encoded.slice(
      Math.ceil((8 * shift) / 6),
      Math.floor((8 * (shift + bytes.length)) / 6),
    )
    return [core, core.replaceAll('+', '-').replaceAll('/', '_')]
  })
}

/** The shapes in which `text` still holds `key` (none: it holds no trace of it). */
export function keyFoundIn(text: string, key: string): string[] {
  const joined = text.replace(GAPS, '')
  const lower = joined.toLowerCase()
  const decoded = lower.replace(/%([0-9a-f]{2})/g, (_, byte: string) =>
    String.fromCharCode(parseInt(byte, 16)),
  )
  // Hex as `0x` bytes, each read whole, and hex as it is (a last digit 0 before an `x`).
  const hexTexts = [
    lower.replace(/\\+x|[:,]|0x([0-9a-f]{2})|0x/g, (_, byte?: string) => byte ?? ''),
    lower.replace(/\\+x|[:,]/g, ''),
  ]
  const found: string[] = []
  if (lower.includes(key.toLowerCase()) || decoded.includes(key.toLowerCase()))
    found.push('the key')
  if (lower.includes(reverse(key).toLowerCase())) found.push('the key reversed')
  if (hexTexts.some((hexText) => hexText.includes(hex(key)))) found.push('the key in hex')
  if (base64Cores(key).some((core) => joined.includes(core))) found.push('the key in base64')
  return found
}
