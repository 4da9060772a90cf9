/** The search feature's public face: the command palette's search over the console's resources. */
export { PALETTE_DEBOUNCE_MS, type PaletteMatch, usePaletteSearch } from './api/palette-search';
