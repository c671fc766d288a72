/**
 * Keys never reach logs, errors or the UI. Every message built from what a provider or a server
 * said passes through `redact`: the values of the provider's own key variables and of any
 * variable whose name looks secret are replaced, and so are strings shaped like API keys.
 */

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

export function redact(text: string, names: readonly string[], env: NodeJS.ProcessEnv): string {
  let result = text
  for (const secret of secretValues(names, env)) result = result.split(secret).join(REDACTED)
  for (const shape of KEY_SHAPES) {
    result = result.replace(shape, (_match, prefix?: unknown) =>
      typeof prefix === 'string' ? `${prefix}${REDACTED}` : REDACTED,
    )
  }
  return result
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
  const secrets = secretValues(names, env)
  let pending = ''
  /** Where the safe part ends: never inside a key or a key-shaped match, nor where one may go on. */
  const safeEnd = (text: string): number => {
    // Held back: the end of the text that could be the start of a key...
    let cut = text.length
    for (const secret of secrets) {
      for (let k = Math.min(secret.length - 1, text.length); k > 0; k--) {
        if (text.endsWith(secret.slice(0, k))) {
          cut = Math.min(cut, text.length - k)
          break
        }
      }
    }
    // ...and its last word, which may grow into a key-shaped one (keys hold no spaces).
    const word = /\S+$/.exec(text)
    if (word) cut = Math.min(cut, word.index)
    // A "Bearer " or "x-api-key: " whose value has not arrived yet.
    const label = /(Bearer|x-api-key["']?\s*[:=])\s*["']?$/i.exec(text)
    if (label) cut = Math.min(cut, label.index)
    const spans: [number, number][] = []
    for (const secret of secrets) {
      for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1))
        spans.push([at, at + secret.length])
    }
    for (const shape of KEY_SHAPES)
      for (const match of text.matchAll(shape))
        spans.push([match.index, match.index + match[0].length])
    for (let moved = true; moved;) {
      moved = false
      for (const [start, end] of spans)
        if (start < cut && cut < end) {
          cut = start
          moved = true
        }
    }
    return cut
  }
  return {
    push(piece) {
      pending += piece
      const cut = safeEnd(pending)
      const out = pending.slice(0, cut)
      pending = pending.slice(cut)
      return out === '' ? '' : redact(out, names, env)
    },
    end() {
      const out = redact(pending, names, env)
      pending = ''
      return out
    },
  }
}
