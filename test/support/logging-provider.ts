/**
 * A provider program that logs every call beside itself (calls.log), so a test can prove that
 * none was made, and a small discussion for it to be asked about.
 */
export const LOGGING_SCRIPT = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
let prompt = ''
process.stdin.on('data', (chunk) => (prompt += chunk))
process.stdin.on('end', () => {
  fs.appendFileSync(path.join(__dirname, 'calls.log'), 'call\\n')
  process.stdout.write(JSON.stringify({ comment: 'An answer.', vote: 'READY' }))
})
`

/** A feature discussion in its first phase, with architect and security. */
export const CACHE_DISCUSSION = `<!-- DISCUSSION -->
<!-- Title: Cache -->
<!-- Template: feature -->
<!-- Phase: initial_feedback -->
<!-- Status: OPEN -->
<!-- Participants: architect, security -->

# Cache

## Context

Add a cache.

---
`
