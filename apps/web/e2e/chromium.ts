// @ts-expect-error -- a plain .mjs module shared with the screenshot tools
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
