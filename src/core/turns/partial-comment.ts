/**
 * While an answer streams in as `{"comment": "...`, shows the comment decoded so far, so the UI
 * can display the text as it grows. Falls back to the raw text for answers not in JSON.
 */
const COMMENT_START = /"comment"\s*:\s*"/

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '"': '"',
  '\\': '\\',
  '/': '/',
}

export function partialComment(text: string): string {
  const trimmed = text.trimStart()
  const start = COMMENT_START.exec(text)
  if (!start) return trimmed.startsWith('{') || trimmed.startsWith('```') ? '' : text
  let out = ''
  for (let i = start.index + start[0].length; i < text.length; i++) {
    const char = text[i] ?? ''
    if (char === '"') break
    if (char !== '\\') {
      out += char
      continue
    }
    const next = text[i + 1]
    if (next === undefined) break // an escape cut in two by the stream
    if (next === 'u') {
      const hex = text.slice(i + 2, i + 6)
      if (hex.length < 4) break
      out += String.fromCharCode(parseInt(hex, 16))
      i += 5
    } else {
      out += ESCAPES[next] ?? next
      i += 1
    }
  }
  return out
}
