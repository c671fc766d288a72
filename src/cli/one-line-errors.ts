/**
 * Usage errors in one line, as README promises: Commander prints its did-you-mean on a second
 * line and `showHelpAfterError` a third; here every command's error becomes one line that ends
 * with the command's own `--help`. Whatever a command already did with its errors (`comment`'s
 * advice for text that starts with -) runs first.
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings'

/** `discussions debate new`: the command's words from the program down. */
export function pathOf(command: CommandUnknownOpts): string {
  const names: string[] = []
  for (let at: CommandUnknownOpts | null = command; at; at = at.parent) names.unshift(at.name())
  return names.join(' ')
}

/** Commander's message (maybe with "(Did you mean x?)" below it) as one line with the help hint. */
export function oneLineError(text: string, commandPath: string): string {
  const joined = text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.replace(/^\(Did you mean/, '(did you mean'))
    .join(' ')
  return `${joined.replace(/\.$/, '')}. Run \`${commandPath} --help\` for usage.\n`
}

/** Makes `command`'s usage errors, and those of every command under it, one line each. */
export function oneLineErrors(command: CommandUnknownOpts): void {
  const output = command.configureOutput()
  command.configureOutput({
    outputError: (text, write) => {
      const line = oneLineError(text, pathOf(command))
      if (output.outputError) output.outputError(line, write)
      else write(line)
    },
  })
  for (const sub of command.commands) oneLineErrors(sub)
}
