/** Types of chromium-args.mjs, for the Playwright configuration (e2e/playwright.config.ts). */
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_PATH: string;
