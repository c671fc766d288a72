/** `3 comments`, `1 comment`; `plural` is given where adding `s` is wrong. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`
}
