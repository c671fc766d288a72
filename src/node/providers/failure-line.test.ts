import { spawnSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { failureLine } from './failure-line.js'

/** What a Node program that dies on start prints: run for real, on this Node. */
function crashOf(script: string): string {
  return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stderr
}

describe('the line of stderr a failure message names', () => {
  it("is a crashed Node program's error, not the version banner below its stack", () => {
    const stderr = crashOf("const gone = require('node:buffer').SlowBufferGone; gone.prototype")
    expect(stderr.trim().split('\n').at(-1)).toMatch(/^Node\.js v\d+/)
    expect(failureLine(stderr)).toBe(
      "TypeError: Cannot read properties of undefined (reading 'prototype')",
    )
  })

  it('names a module that cannot be found, the way a broken install crashes', () => {
    const stderr = crashOf("require('./no-such-module-here.cjs')")
    expect(failureLine(stderr)).toBe("Error: Cannot find module './no-such-module-here.cjs'")
  })

  it('takes the line before the banner when the stack holds no error line', () => {
    expect(failureLine("file.js:1\nthrow 'a string'\n^\nsomething odd\n\nNode.js v26.10.0\n")).toBe(
      'something odd',
    )
  })

  it('is the last line otherwise, cut at 300 characters', () => {
    expect(failureLine('warming up\nerror: no key\n\n')).toBe('error: no key')
    expect(failureLine('\u001b[31mfailed\u001b[0m\n')).toBe('failed')
    expect(failureLine(`${'x'.repeat(400)}\n`)).toBe(`${'x'.repeat(297)}...`)
    expect(failureLine('')).toBe('')
  })
})
