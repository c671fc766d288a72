/**
 * PlantUML text is written by models, so it is untrusted. Debian's PlantUML (1.2020.2) predates
 * the security profiles, so the directives and functions that read files, the environment or the
 * network, or name a program to run, are refused here before anything is rendered. Newer versions
 * also get the SANDBOX profile (see the node renderer); this list is the layer that works on both.
 */
export interface BlockedDirective {
  /** 1-based line in the source. */
  line: number
  /** What was found, as written (shortened). */
  found: string
  reason: string
}

interface Rule {
  pattern: RegExp
  reason: string
}

const RULES: readonly Rule[] = [
  {
    pattern: /^\s*!\s*(include\w*|import)\b/i,
    reason: 'reads another file or URL',
  },
  { pattern: /^\s*!\s*theme\b/i, reason: 'loads a theme from a file or URL' },
  {
    pattern: /^\s*!\s*pragma\s+graphviz_dot\b/i,
    reason: 'names the program used for layout',
  },
  { pattern: /\bdotexecutable\b/i, reason: 'names a program to run' },
  {
    pattern:
      /%\s*(getenv|get_env|load_json|file_exists|dirpath|filename|filenamenoextension|get_all_theme|get_all_stdlib|load)\b/i,
    reason: 'reads the environment or the file system',
  },
  { pattern: /<\s*img\s*[:\s=]/i, reason: 'embeds an image from a file or URL' },
  { pattern: /\bsprite\b[^\n]*<\s*img/i, reason: 'loads a sprite from a file or URL' },
]

const MAX_FOUND = 80

/** Every refused directive or function in the source, in line order; empty: safe to render. */
export function findBlockedDirectives(source: string): BlockedDirective[] {
  const found: BlockedDirective[] = []
  const lines = source.split(/\r?\n/)
  lines.forEach((text, index) => {
    const rule = RULES.find(({ pattern }) => pattern.test(text))
    if (!rule) return
    const shown = text.trim()
    found.push({
      line: index + 1,
      found: shown.length > MAX_FOUND ? `${shown.slice(0, MAX_FOUND - 1)}…` : shown,
      reason: rule.reason,
    })
  })
  return found
}

/** One message for a refused diagram, naming the first refused line. */
export function describeBlocked(blocked: readonly BlockedDirective[]): string {
  const [first] = blocked
  if (!first) return ''
  const more = blocked.length > 1 ? ` (and ${blocked.length - 1} more)` : ''
  return `Refused to render: line ${first.line} "${first.found}" ${first.reason}${more}. Diagrams may not read files, the environment or the network.`
}
