import { InvalidArgumentError } from '@commander-js/extra-typings'
import type { CommandUnknownOpts } from '@commander-js/extra-typings'

/** Parses a fraction between 0 and 1 for threshold options. */
export function parseFraction(value: string): number {
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1) {
    throw new InvalidArgumentError(
      `"${value}" is not a fraction between 0 and 1 (for example 0.67).`,
    )
  }
  return number
}

const OPTION_LIKE = /^--?[A-Za-z][\w-]*(=.*)?$/

/**
 * Commander reads a text argument that starts with `-` (a markdown list: `- item`) as an option.
 * For commands that take such text, the error says how to pass it: after `--`, or on stdin.
 */
export function textMayStartWithDash<T extends CommandUnknownOpts>(command: T, usage: string): T {
  return command.configureOutput({
    outputError: (text, write) => {
      const flag = /unknown option '([^]*)'/.exec(text)?.[1]
      // A mistyped option (`--vot`) keeps commander's message and its did-you-mean.
      if (flag === undefined || OPTION_LIKE.test(flag)) return write(text)
      const how = `put -- before the text (\`${usage} -- "${flag}"\`) or pipe it on stdin with - as the text (\`printf '%s\\n' "${flag}" | ${usage} -\`).`
      write(`error: "${flag}" starts with - and reads as an option; ${how}\n`)
    },
  })
}
