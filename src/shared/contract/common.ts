/** Building blocks every domain of the contract shares. */
import { z } from 'zod'

/** Every invoke call answers with a value or an error a person can read; never a stack trace. */
export type Reply<T> = { value: T } | { error: { message: string } }

/** A file or folder path as a request names it; the backend checks it lies inside the workspace. */
export const pathSchema = z
  .string()
  .min(1, { error: 'must name a path' })
  .max(4096, { error: 'is too long' })
  .refine((path) => !path.includes('\0'), { error: 'must not contain a NUL character' })

/** A request that carries nothing. */
export const emptyRequest = z.strictObject({})
