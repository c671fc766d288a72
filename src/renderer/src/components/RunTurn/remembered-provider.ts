/**
 * The provider a discussion's last turn was started with, kept in the page's local storage per
 * discussion file, so the next turn there starts the same way (and says so).
 */
const key = (path: string): string => `discussions.turn-provider:${path}`

export function rememberedProvider(path: string): string | null {
  try {
    return localStorage.getItem(key(path))
  } catch {
    return null // storage disabled: nothing is remembered
  }
}

export function rememberProvider(path: string, provider: string): void {
  try {
    localStorage.setItem(key(path), provider)
  } catch {
    // storage full or disabled: the choice is simply not remembered
  }
}

export function forgetProvider(path: string): void {
  try {
    localStorage.removeItem(key(path))
  } catch {
    // nothing to forget
  }
}
