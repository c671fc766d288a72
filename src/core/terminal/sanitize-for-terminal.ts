/**
 * The one terminal sanitiser: everything the CLI and the terminal UI print that the tool did not
 * write itself (a title, an author, a persona's name, an answer, a config value, an error a
 * server sent) passes through here on its way to the screen. A terminal acts on what it is sent:
 * OSC 52 sets the clipboard, OSC 0 the window title, OSC 8 hides a link behind a word, a CSI
 * moves the cursor over a line already shown, DCS and APC talk to the terminal itself, and a
 * right-to-left override makes the text read in an order other than the one stored.
 *
 * So escape sequences (ESC and its 8-bit C1 forms) are removed whole, payload and all; the other
 * C0 and C1 controls are removed, but for line feed and tab; the bidirectional overrides and
 * isolates are shown as `<U+202E>`. What remains is text a terminal can only draw. A string
 * sequence (OSC, DCS, SOS, PM, APC) that never ends loses its opening only: the text after it is
 * shown, so nothing hides the rest of what was written.
 *
 * The parse follows ECMA-48 as terminals read it (xterm's control sequences), rather than a
 * pattern list such as strip-ansi's, which leaves the payload of DCS and APC strings and the
 * 8-bit forms in place.
 */

const ESC = 0x1b
const BEL = 0x07
/** The 8-bit forms of the sequence openers, and of the string terminator (ST). */
const C1 = { DCS: 0x90, SOS: 0x98, CSI: 0x9b, ST: 0x9c, OSC: 0x9d, PM: 0x9e, APC: 0x9f }
/** After ESC, the 7-bit forms of the same openers. */
const SEVEN_BIT: Record<string, number> = {
  P: C1.DCS,
  X: C1.SOS,
  '[': C1.CSI,
  ']': C1.OSC,
  '^': C1.PM,
  _: C1.APC,
}

function isC1(code: number): boolean {
  return code >= 0x80 && code <= 0x9f
}

function isOtherControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f || isC1(code)
}

/** `<U+202E>`: how an invisible reordering character is shown. */
export function visibleCodePoint(char: string): string {
  const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
  return `<U+${hex}>`
}

/**
 * Where the CSI that starts at `at` (after its opener) ends: its parameters and intermediates
 * (0x20-0x3f), then one final byte (0x40-0x7e). A sequence cut short ends where it was cut.
 */
function endOfCsi(text: string, at: number): number {
  let index = at
  while (index < text.length) {
    const code = text.charCodeAt(index)
    if (code >= 0x20 && code <= 0x3f) index++
    else return code >= 0x40 && code <= 0x7e ? index + 1 : index
  }
  return index
}

/**
 * Where the string sequence that starts at `at` (after its opener) ends, past its terminator:
 * ST (`ESC \` or 0x9c), or BEL for an OSC, as xterm accepts. Another ESC or C1 control cuts it
 * short (the terminal drops it and reads that control anew). `null`: it never ends.
 */
function endOfString(text: string, at: number, opener: number): number | null {
  for (let index = at; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === BEL && opener === C1.OSC) return index + 1
    if (code === C1.ST) return index + 1
    if (code === ESC) return text[index + 1] === '\\' ? index + 2 : index
    if (isC1(code)) return index
  }
  return null
}

/** Where the sequence whose opener is at `at` ends; `null` for a string sequence that never ends. */
function endOfSequence(text: string, at: number): number | null {
  const code = text.charCodeAt(at)
  let opener = code
  let body = at + 1
  if (code === ESC) {
    const next = text[at + 1]
    if (next === undefined) return at + 1
    const seven = SEVEN_BIT[next]
    if (seven === undefined) {
      // nF, Fp, Fe and Fs escapes (ESC c resets the terminal, ESC ( B picks a character set):
      // intermediates 0x20-0x2f, then one final character 0x30-0x7e.
      let index = at + 1
      while (
        index < text.length &&
        text.charCodeAt(index) >= 0x20 &&
        text.charCodeAt(index) <= 0x2f
      )
        index++
      const final = text.charCodeAt(index)
      return final >= 0x30 && final <= 0x7e ? index + 1 : index
    }
    opener = seven
    body = at + 2
  }
  if (opener === C1.CSI) return endOfCsi(text, body)
  if ([C1.OSC, C1.DCS, C1.SOS, C1.PM, C1.APC].includes(opener))
    return endOfString(text, body, opener)
  return at + 1 // any other C1 control stands alone
}

/**
 * Every character this file acts on: the controls but tab and line feed, and the bidi controls
 * (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI), which reorder text on the screen.
 */
// eslint-disable-next-line no-control-regex
const SPECIAL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** Text a terminal can only draw: see the top of this file. Idempotent. */
export function sanitizeForTerminal(text: string): string {
  SPECIAL.lastIndex = 0
  if (!SPECIAL.test(text)) return text // the common case: nothing to do
  let out = ''
  let index = 0
  while (index < text.length) {
    SPECIAL.lastIndex = index
    const found = SPECIAL.exec(text)
    if (!found) break
    out += text.slice(index, found.index)
    index = found.index
    const code = text.charCodeAt(index)
    if (code === ESC || isC1(code)) {
      // A string sequence that never ends: drop its opener, show the rest as text.
      index = endOfSequence(text, index) ?? index + (code === ESC ? 2 : 1)
    } else if (isOtherControl(code)) {
      index++
    } else {
      out += visibleCodePoint(found[0])
      index++
    }
  }
  return out + text.slice(index)
}
