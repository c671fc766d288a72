/** Full-text search over discussions, the same for the CLI, the app and the terminal UI. */
export { queryTerms } from './query.js'
export { searchDiscussions, searchSources } from './search.js'
export type { SearchHit, SearchOptions, SearchResults, SearchSource } from './search.js'
export { searchableDiscussion } from './units.js'
export type { SearchableDiscussion, SearchUnit } from './units.js'
