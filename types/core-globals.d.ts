// src/core is checked without Node's or the DOM's types, so it cannot reach platform APIs. The one
// web-standard global it names is the cancellation signal that Node and browsers both provide;
// this is the part of its shape core relies on (the real AbortSignal satisfies it).
interface AbortSignal {
  readonly aborted: boolean
  readonly reason: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}
