/**
 * A `command:` line from providers.yaml as a program and its arguments, without a shell: the
 * seed writes `claude -p --model sonnet` and `$HOME/.opencode/bin/opencode run ...`, so quotes,
 * backslashes, `~` and `$VAR`/`${VAR}` work as a shell user expects, and everything a shell would
 * do beyond that (pipes, redirects, `;`, command substitution, globbing) is refused or literal.
 * An expanded value stays one argument: a space in $HOME never splits it.
 */
import { homedir } from 'node:os'

import { SECRET_NAME } from './redact.js'

/** The command cannot be run as written; the message says what to change. */
export class CommandSyntaxError extends Error {
  override readonly name = 'CommandSyntaxError'
}

const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')', '`'])
const NAME_START = /[A-Za-z_]/
const NAME_CHAR = /[A-Za-z0-9_]/

interface Expansion {
  env: NodeJS.ProcessEnv
  home: string
}

function expandVariable(text: string, at: number, expansion: Expansion): [string, number] {
  let name: string
  let end: number
  if (text[at + 1] === '{') {
    const close = text.indexOf('}', at + 2)
    name = close === -1 ? '' : text.slice(at + 2, close)
    if (close === -1 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new CommandSyntaxError(
        'only $NAME and ${NAME} are expanded (no ${NAME:-default} or other shell forms)',
      )
    }
    end = close + 1
  } else if (NAME_START.test(text[at + 1] ?? '')) {
    end = at + 2
    while (end < text.length && NAME_CHAR.test(text[end] ?? '')) end++
    name = text.slice(at + 1, end)
  } else if (text[at + 1] === '(') {
    throw new CommandSyntaxError(
      'command substitution $(...) needs a shell, and provider commands run without one; put it in a script and name the script',
    )
  } else {
    return ['$', at + 1]
  }
  if (SECRET_NAME.test(name)) {
    throw new CommandSyntaxError(
      `$${name} looks like a secret: list it under env: instead of putting it on the command line, where any user can read it with ps`,
    )
  }
  const value = expansion.env[name]
  if (value === undefined)
    throw new CommandSyntaxError(`the command uses $${name}, which is not set`)
  return [value, end]
}

function splitLine(line: string, expansion: Expansion): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let i = 0
  while (i < line.length) {
    const char = line[i] ?? ''
    if (/\s/.test(char)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
      i++
    } else if (char === "'") {
      const close = line.indexOf("'", i + 1)
      if (close === -1) throw new CommandSyntaxError("a ' quote is not closed")
      word += line.slice(i + 1, close)
      inWord = true
      i = close + 1
    } else if (char === '"') {
      inWord = true
      i++
      for (;;) {
        const inner = line[i]
        if (inner === undefined) throw new CommandSyntaxError('a " quote is not closed')
        if (inner === '"') break
        if (inner === '\\' && ['"', '\\', '$', '`'].includes(line[i + 1] ?? '')) {
          word += line[i + 1]
          i += 2
        } else if (inner === '$') {
          const [value, next] = expandVariable(line, i, expansion)
          word += value
          i = next
        } else if (inner === '`') {
          throw new CommandSyntaxError(
            'backquotes need a shell, and provider commands run without one',
          )
        } else {
          word += inner
          i++
        }
      }
      i++
    } else if (char === '\\') {
      if (i + 1 >= line.length) throw new CommandSyntaxError('the command ends with a lone \\')
      word += line[i + 1]
      inWord = true
      i += 2
    } else if (char === '$') {
      const [value, next] = expandVariable(line, i, expansion)
      word += value
      inWord = true
      i = next
    } else if (char === '~' && !inWord && /^(\/|\s|)$/.test(line[i + 1] ?? '')) {
      // `~` and `~/...` only: `~user` is left as written.
      word += expansion.home
      inWord = true
      i++
    } else if (OPERATORS.has(char)) {
      throw new CommandSyntaxError(
        `"${char}" needs a shell, and provider commands run without one; put the pipeline or redirect in a script and name the script`,
      )
    } else {
      word += char
      inWord = true
      i++
    }
  }
  if (inWord) words.push(word)
  return words
}

/**
 * `"claude -p --model sonnet"` -> `['claude', '-p', '--model', 'sonnet']`. A list is taken as it
 * is (each item one argument, nothing expanded).
 */
export function splitCommand(
  command: string | readonly string[],
  env: NodeJS.ProcessEnv,
  home: string = env.HOME ?? homedir(),
): string[] {
  const argv = typeof command === 'string' ? splitLine(command, { env, home }) : [...command]
  if (argv.length === 0 || argv[0] === '') throw new CommandSyntaxError('the command is empty')
  return argv
}
