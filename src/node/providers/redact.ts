/**
 * Keys never reach logs, errors or the UI. Every message built from what a provider or a server
 * said passes through `redact`: the values of the provider's own key variables and of any
 * variable whose name looks secret are replaced in every shape they may be written back in
 * (secret-shapes.ts: any case, reversed, URL-encoded, hex, base64 and base64url, split by white
 * space or line breaks), and so are strings shaped like API keys.
 */
import {
  secretShapes,
  shapeMayBegin,
  shapeSpans,
  textViews,
  unfinishedEscapeAt,
} from './secret-shapes.js'
import type { SecretShapes } from './secret-shapes.js'

/**
 * Variable names whose values are treated as secrets wherever they show up: a name with a part
 * such as `KEY`, `TOKEN` or `SECRET` (`OPENAI_API_KEY`, `HF_TOKEN`); `GIT_AUTHOR_NAME` is not one.
 */
export const SECRET_NAME =
  /(^|_)(KEY|APIKEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|CREDENTIALS?|AUTH|PAT)(_|$)/i

/** Shorter values are left alone: redacting "1" or "yes" would garble every message. */
const MIN_SECRET_LENGTH = 8

const KEY_SHAPES: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g, // OpenAI, Anthropic (sk-ant-...), OpenRouter (sk-or-...)
  /\bAIza[0-9A-Za-z_-]{20,}/g, // Google
  /\b(?:ghp|gho|ghu|ghs|github_pat)_[A-Za-z0-9_]{16,}/g, // GitHub
  /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
  /\b(x-api-key["']?\s*[:=]\s*["']?)[^\s"',]{8,}/gi,
]

export const REDACTED = '[redacted]'

/** The values to hide: `names` (a provider's key variables) and every secret-looking variable. */
export function secretValues(names: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const values = new Set<string>()
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH) continue
    if (names.includes(name) || SECRET_NAME.test(name)) values.add(value)
  }
  // Longest first, so a key that contains another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length)
}

/** Every shape of every secret to hide. */
function shapesToHide(names: readonly string[], env: NodeJS.ProcessEnv): SecretShapes[] {
  return secretValues(names, env).map(secretShapes)
}

/** Replaces each span (overlapping ones as one) with REDACTED. */
function replaceSpans(text: string, spans: [number, number][]): string {
  let result = ''
  let from = 0
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    if (end <= from) continue // within the one just replaced
    if (start >= from) result += `${text.slice(from, start)}${REDACTED}`
    from = end // an overlapping span widens the one just replaced
  }
  return result + text.slice(from)
}

/** Replaces the spans of secrets found, then the strings shaped like keys. */
function redactFound(text: string, spans: [number, number][]): string {
  let result = replaceSpans(text, spans)
  for (const shape of KEY_SHAPES) {
    result = result.replace(shape, (_match, prefix?: unknown) =>
      typeof prefix === 'string' ? `${prefix}${REDACTED}` : REDACTED,
    )
  }
  return result
}

function spansOf(text: string, shapes: readonly SecretShapes[]): [number, number][] {
  return shapes.length === 0 ? [] : shapeSpans(textViews(text), shapes)
}

export function redact(text: string, names: readonly string[], env: NodeJS.ProcessEnv): string {
  return redactFound(text, spansOf(text, shapesToHide(names, env)))
}

/**
 * Redacts text that arrives in pieces (a provider's streamed answer), so a key split across two
 * pieces is caught too: each `push` returns what is safe to show, holding back the end of the
 * text where a key, or a key-shaped string, might continue; `end` returns the rest.
 */
export function streamRedactor(
  names: readonly string[],
  env: NodeJS.ProcessEnv,
): { push: (piece: string) => string; end: () => string } {
  const shapes = shapesToHide(names, env)
  let pending = ''
  /**
   * Where the safe part ends (never inside a key or a key-shaped match, nor where one may go
   * on), and the secrets found in the text.
   */
  const safeEnd = (text: string): { cut: number; spans: [number, number][] } => {
    const spans = spansOf(text, shapes)
    // Held back: an escape cut short (`%6`), and from the first place where a shape of a key
    // may be starting in what comes before it...
    let cut = text.length
    if (shapes.length > 0) {
      cut = unfinishedEscapeAt(text) ?? cut
      cut = shapeMayBegin(textViews(text.slice(0, cut)), shapes) ?? cut
    }
    // ...and the last word, which may grow into a key-shaped one (keys hold no spaces).
    const word = /\S+$/.exec(text)
    if (word) cut = Math.min(cut, word.index)
    // A "Bearer " or "x-api-key: " whose value has not arrived yet.
    const label = /(Bearer|x-api-key["']?\s*[:=])\s*["']?$/i.exec(text)
    if (label) cut = Math.min(cut, label.index)
    const held: [number, number][] = [...spans]
    for (const shape of KEY_SHAPES)
      for (const match of text.matchAll(shape))
        held.push([match.index, match.index + match[0].length])
    for (let moved = true; moved;) {
      moved = false
      for (const [start, end] of held)
        if (start < cut && cut < end) {
          cut = start
          moved = true
        }
    }
    return { cut, spans: spans.filter(([, end]) => end <= cut) }
  }
  return {
    push(piece) {
      pending += piece
      // A secret found before the cut is one in what goes out: that is a beginning of the text.
      const { cut, spans } = safeEnd(pending)
      const out = pending.slice(0, cut)
      pending = pending.slice(cut)
      return out === '' ? '' : redactFound(out, spans)
    },
    end() {
      const out = redactFound(pending, spansOf(pending, shapes))
      pending = ''
      return out
    },
  }
}
