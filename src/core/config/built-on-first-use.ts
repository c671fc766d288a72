/**
 * A value made by its first caller and shared by the rest. For schemas: zod builds each part of a
 * schema when the schema is made, and a command whose files were checked before (see
 * node/config/check-cache.ts) should not pay for schemas it never uses.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | null = null
  return () => {
    built ??= { value: build() }
    return built.value
  }
}
