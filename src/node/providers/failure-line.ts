/**
 * The line of a program's stderr that says why it failed, for the one-line message a failed
 * provider gets. Usually the last line. But a Node program that dies of an uncaught exception
 * (claude 1.0 on a Node too new for it, say) ends its stderr with Node's version banner,
 * `Node.js v26.10.0`, below the stack: that line says nothing, and the stack's first error line
 * (`TypeError: Cannot read properties of undefined ...`) says what went wrong.
 */
import { stripVTControlCharacters } from 'node:util'

/** What Node prints last after an uncaught exception's stack. */
const NODE_BANNER = /^Node\.js v\d+\.\d+\.\d+/

/** A thrown error's first line: `TypeError: ...`, `Error [ERR_REQUIRE_ESM]: ...`, `DOMException: ...`. */
const ERROR_LINE = /^(?:Uncaught )?(?:[A-Z][\w$]*)?(?:Error|Exception)(?: \[[\w$]+\])?: /

/** A stack frame, `at f (file:1:2)`. */
const FRAME = /^at /

const LONGEST = 300

export function failureLine(stderr: string): string {
  const lines = stripVTControlCharacters(stderr)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  let line = lines.at(-1) ?? ''
  if (NODE_BANNER.test(line)) {
    const before = lines.slice(0, -1)
    line =
      before.find((one) => ERROR_LINE.test(one)) ??
      before.findLast((one) => !FRAME.test(one)) ??
      line
  }
  return line.length > LONGEST ? `${line.slice(0, LONGEST - 3)}...` : line
}
