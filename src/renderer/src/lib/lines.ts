/** The comment a line of the file belongs to: one rule with the jumps (core/navigation). */
export { commentAtLine as commentIndexForLine } from '../../../core/navigation/jumps.js'
