/**
 * Zod compiles fast parsers with `new Function` when it may; the page's CSP forbids eval, so its
 * probe would only be reported as a CSP violation. Imported first, before any schema parses.
 */
import { config } from 'zod'

config({ jitless: true })
