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
export function secretValues(
  names: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const values = new Set<string>()
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH) continue
    if (names.includes(name) || SECRET_NAME.test(name)) values.add(value)
  }
  // Longest first, so a key that contains another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length)
}

export function redact(
  text: string,
  names: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): string {
  let result = text
  for (const secret of secretValues(names, env)) result = result.split(secret).join(REDACTED)
  for (const shape of KEY_SHAPES) {
    result = result.replace(shape, (_match, prefix?: unknown) =>
      typeof prefix === 'string' ? `${prefix}${REDACTED}` : REDACTED,
    )
  }
  return result
}
