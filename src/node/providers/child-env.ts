/**
 * The environment a command provider sees: an allow-list, never the parent's whole environment
 * (execa's default), so one provider never sees another's key. Beyond the basics every program
 * needs, the XDG folders are passed because CLIs such as claude, gemini and opencode keep their
 * login there (no secrets are in the paths themselves). A known AI CLI also sees the variables
 * it documents for its own credentials and endpoint (claude `ANTHROPIC_*`, codex `OPENAI_*`,
 * ...: see agent-clis/), and nothing else.
 */

const BASE_NAMES = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LANGUAGE',
  'TERM',
  'TMPDIR',
  'TZ',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_STATE_HOME',
  'XDG_RUNTIME_DIR',
]

/** `LC_ALL`, `LC_CTYPE`, ...: locale settings, needed for UTF-8 output. */
const LOCALE = /^LC_[A-Z_]+$/

/**
 * The variables a provider may see: the basics, its own key variable and `env:` names, and the
 * names `ownVariable` accepts (a known CLI's documented ones).
 */
export function childEnv(
  parent: NodeJS.ProcessEnv,
  extraNames: readonly string[],
  ownVariable: (name: string) => boolean = () => false,
): Record<string, string> {
  const allowed = new Set([...BASE_NAMES, ...extraNames])
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined) continue
    if (allowed.has(name) || LOCALE.test(name) || ownVariable(name)) env[name] = value
  }
  // Plain text on a pipe: no colour codes in answers.
  env.NO_COLOR = '1'
  return env
}
