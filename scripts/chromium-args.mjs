/**
 * Flags for the headless Chromium the journeys and the web benches drive. Debian's Chromium 156 in
 * headless mode builds the omnibox's popup as a WebUI page in a renderer of its own for every new window
 * (each Playwright browser context): about 1.2 s of CPU per window on this project's 2-core machines,
 * running while the page under test loads. A user's browser window has its omnibox already, so this is
 * the browser's own start-up work, not the console's; the three features that build it are turned off
 * (docs/web.md "The browser's own work"). Measured: the extra renderer is gone only with all three off.
 */
export const CHROMIUM_ARGS = ['--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup'];

/** Debian's Chromium (never a downloaded browser), or MC_E2E_CHROMIUM. */
export const CHROMIUM_PATH = process.env.MC_E2E_CHROMIUM ?? '/usr/bin/chromium';
