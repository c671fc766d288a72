export * from './jumps.js'
