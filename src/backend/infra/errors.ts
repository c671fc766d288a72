/** A request the backend refuses for a reason the person can act on; its message reaches the UI. */
export class BackendError extends Error {
  override readonly name = 'BackendError'
}
