import { useEffect, useRef, useState } from 'react'

import type { OpenDiscussion, TuiSession } from './session.js'

/**
 * What each discussion opened had been read of before this visit (from the kept read marks), for
 * "first unread": the count, null when never read, undefined while it is not known yet. The mark
 * then follows what is shown, as the app's does, so the next visit starts from here.
 */
export function useReadBefore(
  session: TuiSession,
  open: OpenDiscussion | null,
): number | null | undefined {
  const [readBefore, setReadBefore] = useState(new Map<string, number | null>())
  // Asked once per discussion, before anything of this visit is kept.
  const asked = useRef(new Map<string, Promise<number | null>>())
  useEffect(() => {
    if (open === null || !open.complete) return
    const { path } = open
    const count = open.view.comments.length
    let before = asked.current.get(path)
    if (!before) {
      before = session.readMark(path)
      asked.current.set(path, before)
      void before.then((read) => setReadBefore((marks) => new Map(marks).set(path, read)))
    }
    void before.then(() => session.markRead(path, count))
  }, [session, open])
  if (open === null || !readBefore.has(open.path)) return undefined
  return readBefore.get(open.path) ?? null
}
