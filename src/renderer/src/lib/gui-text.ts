/**
 * Messages from core and the CLI mark commands and names with markdown backticks
 * (`discussions providers list`); a window shows plain text, where those read as stray marks.
 * The app shows them in typographic quotes instead.
 */
export function guiText(message: string): string {
  return message.replace(/`([^`\n]+)`/g, '“$1”').replace(/`/g, '')
}
