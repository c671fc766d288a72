/**
 * A second wall behind PlantUML's own SANDBOX security profile (the first wall, see the node
 * renderer): directives and functions that read files, the environment or the network, or name a
 * program, are refused before PlantUML sees the text. It checks the text PlantUML will be given,
 * the way PlantUML reads it: lines continued with a trailing `\` are joined, case and spacing are
 * ignored, and string pieces glued with `+` (or `##` in macros) are glued here too, so
 * `"%get" + "env"` and `!inc\` + newline + `lude` are caught. The standard library
 * (`!include <C4/C4_Container>`) and built-in themes (`!theme plain`) read nothing outside
 * PlantUML itself and stay allowed.
 */
import { plantUmlLines } from './plantuml-source.js'

export interface BlockedDirective {
  /** 1-based line in the checked text where the refused (joined) line starts. */
  line: number
  /** What was found, as written (continued lines joined, shortened). */
  found: string
  reason: string
}

interface LogicalLine {
  line: number
  text: string
}

/** Joins every line that ends with `\` to the next, as PlantUML's reader does. */
function logicalLines(text: string): LogicalLine[] {
  const result: LogicalLine[] = []
  let pending: LogicalLine | null = null
  plantUmlLines(text).forEach((raw, index) => {
    const continued = /\\\s*$/.test(raw)
    const piece = continued ? raw.replace(/\\\s*$/, '') : raw
    pending = pending
      ? { line: pending.line, text: pending.text + piece }
      : { line: index + 1, text: piece }
    if (!continued) {
      result.push(pending)
      pending = null
    }
  })
  if (pending) result.push(pending)
  return result
}

/** Lower case, no spacing, and `"a" + "b"` / `a##b` glued: the shape a name has once built. */
function normalize(text: string): string {
  let flat = text.toLowerCase().replace(/\s+/g, '')
  let previous: string
  do {
    previous = flat
    flat = flat.replace(/["']\+["']/g, '').replace(/##/g, '')
  } while (flat !== previous)
  return flat
}

/** A standard-library include: `!include <C4/C4_Container>`, read from inside PlantUML's jar. */
const STDLIB_INCLUDE = /^!include(?:_once|_many)?<[a-z0-9_][a-z0-9_./-]*>$/

const FUNCTIONS = [
  'getenv',
  'get_env',
  'load_json',
  'call_user_func',
  'invoke_procedure',
  'retrieve_procedure',
  'get_variable_value',
  'eval',
  'file_exists',
  'filedate',
  'dirpath',
  'filename',
  'filename_no_extension',
]
const FUNCTION = new RegExp(`%(${FUNCTIONS.join('|')})\\b`)

interface Rule {
  test: (flat: string, raw: string) => boolean
  reason: string
}

const RULES: readonly Rule[] = [
  {
    test: (flat) =>
      flat.includes('!include') && !(STDLIB_INCLUDE.test(flat) && !flat.includes('..')),
    reason:
      'reads another file or URL (only the standard library, as in !include <C4/C4_Container>, is allowed)',
  },
  { test: (flat) => flat.includes('!import'), reason: 'reads another file or URL' },
  {
    test: (flat) => /!theme.*from/.test(flat),
    reason: 'loads a theme from a file or URL (built-in themes, as in !theme plain, are allowed)',
  },
  {
    test: (flat, raw) =>
      /^!pragma/.test(flat) &&
      (/graphviz_dot|dot_executable/.test(flat) || /^\s*!\s*pragma\s+\S+\s+.*[/\\]/i.test(raw)),
    reason: 'names a file or program',
  },
  { test: (flat) => flat.includes('dotexecutable'), reason: 'names a program to run' },
  { test: (flat) => FUNCTION.test(flat), reason: 'reads the environment or the file system' },
  { test: (flat) => flat.includes('<img'), reason: 'embeds an image from a file or URL' },
  { test: (flat) => flat.includes('!dump_memory'), reason: 'prints the preprocessor’s memory' },
]

const MAX_FOUND = 80
const CONTROL_LINE = 'is a PlantUML control line, not part of a diagram'

/** Every refused line of the text PlantUML will see, in line order; empty: nothing refused. */
export function findBlockedDirectives(text: string): BlockedDirective[] {
  const found: BlockedDirective[] = []
  // PlantUML's pipe reads `@@@format …` as a command whatever line it continues.
  plantUmlLines(text).forEach((raw, index) => {
    if (/^\s*@@@/.test(raw))
      found.push({ line: index + 1, found: raw.trim().slice(0, MAX_FOUND), reason: CONTROL_LINE })
  })
  for (const { line, text: raw } of logicalLines(text)) {
    const flat = normalize(raw)
    const rule = RULES.find(({ test }) => test(flat, raw))
    if (!rule || found.some((entry) => entry.line === line)) continue
    const shown = raw.trim()
    found.push({
      line,
      found: shown.length > MAX_FOUND ? `${shown.slice(0, MAX_FOUND - 1)}…` : shown,
      reason: rule.reason,
    })
  }
  return found.sort((a, b) => a.line - b.line)
}

/** One message for a refused diagram, naming the first refused line (as the file numbers it). */
export function describeBlocked(blocked: readonly BlockedDirective[], lineOffset = 0): string {
  const [first] = blocked
  if (!first) return ''
  const more = blocked.length > 1 ? ` (and ${blocked.length - 1} more)` : ''
  return `Refused to render: line ${first.line + lineOffset} "${first.found}" ${first.reason}${more}. Diagrams may not read files, the environment or the network.`
}
